import { defineCopy } from "../define-copy.ts";
import type { DetailPageCopy } from "./types.ts";

const en: DetailPageCopy = {
  meta: {
    title: "For startups: build an Instagram audience from day one",
    description:
      "Startups use Sightline to build an Instagram audience fast: a weekly plan from the Manager, benchmarks per post type, press radar for the brand name and experiments you can measure.",
  },
  eyebrow: "For startups",
  title: "Build an audience from day one, and learn fast",
  lead: "Early on, every post is an experiment and nobody has time for a social media team. Sightline gives a founder or a small marketing team a plan for the week, clear feedback on each post and an ear on what the press says.",
  highlights: [
    "A weekly plan with one experiment to run",
    "Feedback per post type from your own data",
    "Press radar for your brand and product names",
  ],
  sectionsTitle: "What a young company needs from Instagram",
  sectionsLead:
    "Fast feedback, little admin and nothing that breaks when the team is busy shipping.",
  sections: [
    {
      title: "A plan every Monday",
      text: "The Manager proposes how many posts to publish, at which slots and one experiment to try, based on your audience's active hours and your recent results.",
      points: [
        "One experiment at a time",
        "Pending replies counted for you",
        "Adjusts as your audience grows",
      ],
    },
    {
      title: "Measure every experiment",
      text: "Post performance compares each post with the median for its type, so you know whether the new format worked or just looked busy.",
      points: [
        "Engagement rate on reach",
        "Best and worst posts of the period",
        "The Analyst explains what moved",
      ],
    },
    {
      title: "Know when you are in the news",
      text: "The press radar follows RSS and Atom feeds (a news search feed counts) for your brand, handle and product names, with exclusions for noise.",
      points: [
        "Each mention stored once, with its source",
        "Sentiment label on every mention",
        "A marker in the app for unseen mentions",
      ],
    },
    {
      title: "Ride the right trends",
      text: "Track the hashtags of your category on the trend radar, see what is Rising, Steady or Cooling, and turn rising topics into post ideas.",
      points: [
        "30 hashtag look-ups per 7 days, as Instagram allows",
        "Top media for each hashtag",
        "Ideas open the composer pre-filled",
      ],
    },
    {
      title: "Talk to your first users",
      text: "Early followers ask real questions. The inbox keeps DMs and comments in one place so the founder can answer personally, fast.",
      points: [
        "Saved replies for FAQs",
        "Private replies for support issues",
        "Realtime, without refreshing",
      ],
    },
    {
      title: "Security you can show investors",
      text: "Access tokens encrypted with AES-256-GCM and revocable, official Meta APIs only, two-factor authentication and data you can delete at any time.",
      points: [
        "No password sharing inside the team",
        "Every query scoped to the signed-in user",
        "No third-party ad trackers on the site",
      ],
    },
  ],
  factsTitle: "Room to grow",
  facts: [
    { value: "Free", label: "to start, no credit card needed" },
    { value: "10", label: "scheduled posts a month on Free, unlimited from Starter" },
    { value: "30 / 10", label: "trend hashtags and press keywords on Pro" },
    { value: "3", label: "accounts on Pro, for a brand and its products" },
  ],
  steps: {
    title: "From launch to habit",
    items: [
      {
        title: "Launch week",
        text: "Connect Instagram, set press radar keywords for your name and schedule your launch posts.",
      },
      {
        title: "First month",
        text: "Follow the Manager's weekly plan and keep the experiments that beat your medians.",
      },
      {
        title: "After that",
        text: "Add automations for recurring questions and let the Analyst flag anything unusual.",
      },
    ],
  },
  faqTitle: "Questions from startups",
  faq: [
    {
      question: "We have very few followers. Is it worth it?",
      answer:
        "Yes. Post feedback, active hours, scheduling and the press radar work from day one. Demographics appear once Meta provides them, at 100 followers.",
    },
    {
      question: "Can we track our brand name outside Instagram?",
      answer:
        "Yes. The press radar follows any RSS or Atom feed, including news search feeds, and matches your keywords on word boundaries.",
    },
    {
      question: "Can several founders use one account?",
      answer:
        "Team members are part of Premium. On other plans, one person signs in and connects the account.",
    },
    {
      question: "Can we leave easily?",
      answer:
        "Yes. Export your data from Settings and delete your account at any time; disconnecting Instagram revokes and deletes the access token.",
    },
  ],
  closing: {
    title: "Give your launch an audience",
    text: "Start free today and get your first weekly plan after connecting Instagram.",
  },
};

const es: DetailPageCopy = {
  meta: {
    title: "Para startups: construye una audiencia en Instagram desde el primer día",
    description:
      "Las startups usan Sightline para construir rápido una audiencia en Instagram: un plan semanal del Manager, referencias por tipo de publicación, radar de prensa para la marca y experimentos que puedes medir.",
  },
  eyebrow: "Para startups",
  title: "Construye una audiencia desde el primer día y aprende rápido",
  lead: "Al principio, cada publicación es un experimento y nadie tiene tiempo para un equipo de redes sociales. Sightline le da a un fundador o a un equipo de marketing pequeño un plan para la semana, información clara sobre cada publicación y un oído atento a lo que dice la prensa.",
  highlights: [
    "Un plan semanal con un experimento para probar",
    "Resultados por tipo de publicación a partir de tus datos",
    "Radar de prensa para tu marca y tus productos",
  ],
  sectionsTitle: "Lo que una empresa joven necesita de Instagram",
  sectionsLead:
    "Resultados rápidos, poco trabajo administrativo y nada que se rompa cuando el equipo está ocupado lanzando producto.",
  sections: [
    {
      title: "Un plan cada lunes",
      text: "El Manager propone cuántas publicaciones hacer, en qué franjas y un experimento para probar, según las horas activas de tu audiencia y tus resultados recientes.",
      points: [
        "Un experimento a la vez",
        "Respuestas pendientes contadas por ti",
        "Se ajusta a medida que crece tu audiencia",
      ],
    },
    {
      title: "Mide cada experimento",
      text: "El rendimiento de publicaciones compara cada una con la mediana de su tipo, para saber si el nuevo formato funcionó o solo parecía activo.",
      points: [
        "Tasa de interacción sobre el alcance",
        "Mejores y peores publicaciones del periodo",
        "El Analyst explica qué se movió",
      ],
    },
    {
      title: "Entérate cuando sales en las noticias",
      text: "El radar de prensa sigue fuentes RSS y Atom (también un feed de búsqueda de noticias) sobre tu marca, tu usuario y tus productos, con exclusiones para filtrar el ruido.",
      points: [
        "Cada mención guardada una sola vez, con su fuente",
        "Etiqueta de sentimiento en cada mención",
        "Un indicador en la app para menciones sin ver",
      ],
    },
    {
      title: "Súmate a las tendencias adecuadas",
      text: "Sigue los hashtags de tu categoría en el radar de tendencias, mira cuáles están en alza, estables o en descenso, y convierte los temas en alza en ideas de publicaciones.",
      points: [
        "30 búsquedas de hashtags cada 7 días, como permite Instagram",
        "Publicaciones destacadas de cada hashtag",
        "Las ideas abren el editor ya completado",
      ],
    },
    {
      title: "Habla con tus primeros usuarios",
      text: "Los primeros seguidores hacen preguntas reales. La bandeja reúne mensajes y comentarios para que el fundador responda en persona y rápido.",
      points: [
        "Respuestas guardadas para preguntas frecuentes",
        "Respuestas privadas para temas de soporte",
        "En tiempo real, sin recargar",
      ],
    },
    {
      title: "Seguridad que puedes mostrar a inversionistas",
      text: "Tokens de acceso cifrados con AES-256-GCM y revocables, solo API oficiales de Meta, verificación en dos pasos y datos que puedes eliminar cuando quieras.",
      points: [
        "Sin contraseñas compartidas en el equipo",
        "Cada consulta limitada al usuario que inició sesión",
        "Sin rastreadores publicitarios de terceros en el sitio",
      ],
    },
  ],
  factsTitle: "Espacio para crecer",
  facts: [
    { value: "Free", label: "para empezar, sin tarjeta de crédito" },
    { value: "10", label: "publicaciones programadas al mes en Free, ilimitadas desde Starter" },
    { value: "30 / 10", label: "hashtags de tendencias y palabras clave de prensa en Pro" },
    { value: "3", label: "cuentas en Pro, para una marca y sus productos" },
  ],
  steps: {
    title: "Del lanzamiento al hábito",
    items: [
      {
        title: "Semana de lanzamiento",
        text: "Conecta Instagram, define palabras clave del radar de prensa para tu nombre y programa las publicaciones del lanzamiento.",
      },
      {
        title: "Primer mes",
        text: "Sigue el plan semanal del Manager y conserva los experimentos que superan tus medianas.",
      },
      {
        title: "Después",
        text: "Añade automatizaciones para las preguntas recurrentes y deja que el Analyst señale cualquier dato inusual.",
      },
    ],
  },
  faqTitle: "Preguntas de startups",
  faq: [
    {
      question: "Tenemos muy pocos seguidores. ¿Vale la pena?",
      answer:
        "Sí. Los resultados por publicación, las horas activas, la programación y el radar de prensa funcionan desde el primer día. La demografía aparece cuando Meta la ofrece, a partir de 100 seguidores.",
    },
    {
      question: "¿Podemos seguir nuestra marca fuera de Instagram?",
      answer:
        "Sí. El radar de prensa sigue cualquier fuente RSS o Atom, incluidos los feeds de búsqueda de noticias, y busca tus palabras clave como palabras completas.",
    },
    {
      question: "¿Pueden usar una cuenta varios fundadores?",
      answer:
        "Los miembros del equipo forman parte de Premium. En los demás planes, una persona inicia sesión y conecta la cuenta.",
    },
    {
      question: "¿Es fácil irse?",
      answer:
        "Sí. Exporta tus datos desde Ajustes y elimina tu cuenta cuando quieras; desconectar Instagram revoca y elimina el token de acceso.",
    },
  ],
  closing: {
    title: "Dale una audiencia a tu lanzamiento",
    text: "Empieza gratis hoy y recibe tu primer plan semanal después de conectar Instagram.",
  },
};

export const solutionsStartupsCopy = defineCopy("marketing-solutions-startups", { en, es });
