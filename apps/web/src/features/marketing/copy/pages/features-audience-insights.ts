import { defineCopy } from "../define-copy.ts";
import type { DetailPageCopy } from "./types.ts";

const en: DetailPageCopy = {
  meta: {
    title: "Audience insights: who follows you and when they are online",
    description:
      "Instagram audience insights in Sightline: age and gender, top countries and cities, an active-hours heatmap in your time zone, and follower growth with a projection to your next milestone.",
  },
  eyebrow: "Audience insights",
  title: "Know who you are talking to, and when they are listening",
  lead: "Sightline turns Instagram's audience data into answers you can use: who your followers are, where they live, the hours they are online and how fast the audience is growing.",
  highlights: [
    "Follower and engaged-audience demographics",
    "Active hours in your own time zone",
    "Growth per day with a milestone projection",
  ],
  sectionsTitle: "What the audience page shows",
  sectionsLead:
    "Every chart comes from the data Instagram reports for your account, stored so you can see how it changes over time.",
  sections: [
    {
      title: "Age and gender",
      text: "Bars by age range and gender for your followers, or for the people who engaged with your posts. Switch between the two to see whether your content reaches the audience you have.",
      points: [
        "Follower and engaged-audience views",
        "Age ranges as Instagram reports them",
        "Shares shown as percentages of the total",
      ],
    },
    {
      title: "Countries and cities",
      text: "The places your audience lives, ranked. Useful for choosing a posting time, a language or where to ship first.",
      points: [
        "Top countries and top cities",
        "Follower and engaged-audience views",
        "Saved over time, so you can see shifts",
      ],
    },
    {
      title: "Active-hours heatmap",
      text: "A weekday by hour grid of when your followers are online, built from Instagram's online-followers data and shown in your time zone.",
      points: [
        "The darkest cells are your best slots",
        "Feeds the scheduler's best-time hints",
        "Used by the Manager to plan your week",
      ],
    },
    {
      title: "Follower growth",
      text: "Follows and unfollows per day, the growth rate over the period, and a projection to your next milestone at the current pace.",
      points: [
        "Net growth compared with the previous period",
        "Spot the posts that brought new followers",
        "A projection, clearly marked as an estimate",
      ],
    },
    {
      title: "Honest about thresholds",
      text: "Meta only provides demographics for accounts with at least 100 followers. Below that, Sightline tells you why the charts are empty instead of showing guesses.",
      points: [
        "No estimated or modelled demographics",
        "Charts appear as soon as Instagram provides the data",
        "Growth and active hours work from the start",
      ],
    },
    {
      title: "Part of advanced analytics",
      text: "Demographics belong to the advanced analytics in the Pro and Premium plans, together with hashtag performance, benchmarks and CSV export.",
      points: [
        "Analytics history of 2 years on Pro and Premium",
        "Up to 3 accounts on Pro, 10 on Premium",
        "The upgrade dialog names the plan that unlocks a feature",
      ],
    },
  ],
  factsTitle: "Audience data in numbers",
  facts: [
    { value: "100", label: "followers before Meta provides demographics" },
    { value: "7 × 24", label: "weekday and hour cells in the heatmap" },
    { value: "2 years", label: "of analytics history on Pro and Premium" },
    { value: "1", label: "time zone: yours, set in your profile" },
  ],
  faqTitle: "Questions about audience insights",
  faq: [
    {
      question: "Why are my demographics empty?",
      answer:
        "Instagram only shares age, gender and location data for accounts with at least 100 followers. Once you pass that threshold, the charts fill in at the next sync.",
    },
    {
      question: "What is the engaged audience?",
      answer:
        "The people who interacted with your content in the period (liked, commented, saved or shared), as opposed to everyone who follows you.",
    },
    {
      question: "Which time zone does the heatmap use?",
      answer:
        "Yours. It is stored in your profile and defaults to your browser's time zone, so the best hours match your clock.",
    },
    {
      question: "How often is audience data updated?",
      answer:
        "Sightline syncs it periodically from Instagram and keeps each snapshot, so you can compare how your audience changes from month to month.",
    },
  ],
  closing: {
    title: "Meet your audience properly",
    text: "Connect Instagram and see who follows you and when they are online.",
  },
};

const es: DetailPageCopy = {
  meta: {
    title: "Datos de la audiencia: quién te sigue y cuándo está conectado",
    description:
      "Datos de la audiencia de Instagram en Sightline: edad y género, países y ciudades principales, un mapa de horas activas en tu zona horaria y el crecimiento de seguidores con una proyección al próximo hito.",
  },
  eyebrow: "Datos de la audiencia",
  title: "Conoce a quién le hablas y cuándo te escucha",
  lead: "Sightline convierte los datos de audiencia de Instagram en respuestas útiles: quiénes son tus seguidores, dónde viven, a qué horas están conectados y qué tan rápido crece tu audiencia.",
  highlights: [
    "Demografía de seguidores y de la audiencia que interactúa",
    "Horas activas en tu propia zona horaria",
    "Crecimiento diario con proyección al próximo hito",
  ],
  sectionsTitle: "Qué muestra la página de audiencia",
  sectionsLead:
    "Cada gráfico sale de los datos que Instagram informa para tu cuenta, guardados para que veas cómo cambian con el tiempo.",
  sections: [
    {
      title: "Edad y género",
      text: "Barras por rango de edad y género de tus seguidores o de quienes interactuaron con tus publicaciones. Cambia entre ambas vistas para ver si tu contenido llega a la audiencia que tienes.",
      points: [
        "Vistas de seguidores y de audiencia que interactúa",
        "Rangos de edad tal como los informa Instagram",
        "Porcentajes sobre el total",
      ],
    },
    {
      title: "Países y ciudades",
      text: "Los lugares donde vive tu audiencia, ordenados. Útil para elegir la hora de publicación, el idioma o a dónde enviar primero.",
      points: [
        "Países y ciudades principales",
        "Vistas de seguidores y de audiencia que interactúa",
        "Guardados en el tiempo para ver los cambios",
      ],
    },
    {
      title: "Mapa de horas activas",
      text: "Una cuadrícula de días y horas con los momentos en que tus seguidores están conectados, a partir de los datos de Instagram y en tu zona horaria.",
      points: [
        "Las celdas más oscuras son tus mejores franjas",
        "Alimenta las sugerencias de mejor hora del calendario",
        "El Manager la usa para planificar tu semana",
      ],
    },
    {
      title: "Crecimiento de seguidores",
      text: "Nuevos seguidores y bajas por día, la tasa de crecimiento del periodo y una proyección a tu próximo hito al ritmo actual.",
      points: [
        "Crecimiento neto comparado con el periodo anterior",
        "Descubre qué publicaciones trajeron seguidores nuevos",
        "Una proyección, marcada claramente como estimación",
      ],
    },
    {
      title: "Honestos con los umbrales",
      text: "Meta solo ofrece datos demográficos para cuentas con al menos 100 seguidores. Por debajo, Sightline explica por qué los gráficos están vacíos en lugar de mostrar suposiciones.",
      points: [
        "Sin demografía estimada ni modelada",
        "Los gráficos aparecen en cuanto Instagram ofrece los datos",
        "El crecimiento y las horas activas funcionan desde el principio",
      ],
    },
    {
      title: "Parte de las estadísticas avanzadas",
      text: "La demografía forma parte de las estadísticas avanzadas de los planes Pro y Premium, junto con el rendimiento de hashtags, las referencias y la exportación CSV.",
      points: [
        "2 años de historial en Pro y Premium",
        "Hasta 3 cuentas en Pro y 10 en Premium",
        "El aviso de mejora indica qué plan desbloquea cada función",
      ],
    },
  ],
  factsTitle: "Los datos de la audiencia en números",
  facts: [
    { value: "100", label: "seguidores antes de que Meta ofrezca demografía" },
    { value: "7 × 24", label: "celdas de día y hora en el mapa de calor" },
    { value: "2 años", label: "de historial en Pro y Premium" },
    { value: "1", label: "zona horaria: la tuya, definida en tu perfil" },
  ],
  faqTitle: "Preguntas sobre los datos de la audiencia",
  faq: [
    {
      question: "¿Por qué mi demografía está vacía?",
      answer:
        "Instagram solo comparte datos de edad, género y ubicación para cuentas con al menos 100 seguidores. Cuando superes ese umbral, los gráficos se completan en la siguiente sincronización.",
    },
    {
      question: "¿Qué es la audiencia que interactúa?",
      answer:
        "Las personas que interactuaron con tu contenido en el periodo (dieron me gusta, comentaron, guardaron o compartieron), a diferencia de todos tus seguidores.",
    },
    {
      question: "¿Qué zona horaria usa el mapa de calor?",
      answer:
        "La tuya. Se guarda en tu perfil y, por defecto, es la de tu navegador, así que las mejores horas coinciden con tu reloj.",
    },
    {
      question: "¿Cada cuánto se actualizan los datos de la audiencia?",
      answer:
        "Sightline los sincroniza periódicamente desde Instagram y guarda cada instantánea, para que compares cómo cambia tu audiencia de un mes a otro.",
    },
  ],
  closing: {
    title: "Conoce de verdad a tu audiencia",
    text: "Conecta Instagram y descubre quién te sigue y cuándo está conectado.",
  },
};

export const featuresAudienceInsightsCopy = defineCopy("marketing-features-audience-insights", {
  en,
  es,
});
