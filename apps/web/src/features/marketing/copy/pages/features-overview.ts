import { defineCopy } from "../define-copy.ts";
import type { DetailPageCopy } from "./types.ts";

const en: DetailPageCopy = {
  meta: {
    title: "Features overview: analytics, inbox, scheduling and an AI team",
    description:
      "A tour of Sightline: the Instagram analytics dashboard, audience insights, post performance, the unified inbox, the scheduler, trend and press radars, automations and the AI team.",
  },
  eyebrow: "Features overview",
  title: "One place to understand, answer and publish on Instagram",
  lead: "Sightline replaces the spreadsheet, the phone notifications and the separate scheduling tool. Every number comes from the data Instagram gives you, and every action goes through Meta's official API.",
  highlights: [
    "Dashboard compared with the previous period",
    "Comments and DMs in one inbox",
    "A calendar that publishes each post exactly once",
  ],
  sectionsTitle: "Everything in the product",
  sectionsLead:
    "Eight parts that share the same data, so an insight on the dashboard leads straight to the post, the conversation or the next slot in your calendar.",
  sections: [
    {
      title: "Dashboard",
      text: "Pick 7, 28 or 90 days, or a custom range, and every figure is compared with the previous period of the same length.",
      points: [
        "Followers (net growth), reach, views and profile visits",
        "Engagement rate: total interactions divided by reach",
        "Website taps, top posts and the next five scheduled posts",
      ],
    },
    {
      title: "Audience insights",
      text: "See who follows you and when they are online, in your own time zone.",
      points: [
        "Age and gender, top countries and cities",
        "An active-hours heatmap by weekday and hour",
        "Follows and unfollows per day, with the next milestone",
      ],
    },
    {
      title: "Post performance",
      text: "Every synced post in one sortable table, with a detail view that shows how its numbers grew.",
      points: [
        "Reach, views, likes, comments, saves and shares",
        "Benchmarks per type: images, carousels, reels and videos",
        "Hashtag performance and CSV export on Pro and Premium",
      ],
    },
    {
      title: "Unified inbox",
      text: "Direct messages and comments arrive in one list as they happen, with filters for what needs a reply.",
      points: [
        "Reply, send a private reply, hide, unhide or delete comments",
        "Saved replies and a suggested answer from the Secretary",
        "Shows when Instagram's 24-hour messaging window has closed",
      ],
    },
    {
      title: "Scheduler and composer",
      text: "Plan on a month or week calendar and drag a post to a new slot to reschedule it.",
      points: [
        "Images, carousels of up to 10 items, reels and videos",
        "Captions up to 2,200 characters, 30 hashtags, 3 collaborators",
        "Best-time hints, user tags and a cover frame for videos",
      ],
    },
    {
      title: "Trend radar and press radar",
      text: "Follow what is moving in your niche and what is being written about you.",
      points: [
        "Hashtags labelled Rising, Steady or Cooling",
        "Instagram's budget of 30 hashtag look-ups per 7 days, shown as you go",
        "RSS and Atom feeds matched against your keywords, with sentiment",
      ],
    },
  ],
  factsTitle: "Built on Instagram's own rules",
  facts: [
    { value: "2,200", label: "characters per caption, with a live counter" },
    { value: "30", label: "hashtags per post, duplicates removed" },
    { value: "10", label: "items per carousel" },
    { value: "24 h", label: "to answer a DM after the customer's last message" },
  ],
  steps: {
    title: "Where the AI team fits",
    items: [
      {
        title: "Computed facts first",
        text: "Sightline calculates what changed, by how much and which posts were involved before any text is written.",
      },
      {
        title: "Then the wording",
        text: "With an AI provider configured, a model words the explanation; without one, a built-in engine uses templates and says so.",
      },
      {
        title: "Always checkable",
        text: "The facts are shown next to every answer, so you never have to take the AI's word for it.",
      },
    ],
  },
  faqTitle: "Questions about the product",
  faq: [
    {
      question: "Where does the data come from?",
      answer:
        "From Instagram's Graph API, through the account you connect. Sightline stores the synced posts and insights so it can show trends over time; it never invents figures.",
    },
    {
      question: "Can I use Sightline on a personal Instagram account?",
      answer:
        "No. Meta provides insights, messaging and publishing only for Business and Creator accounts. Switching is free in Instagram's settings.",
    },
    {
      question: "What happens if a post fails to publish?",
      answer:
        "You see the error and every attempt (time, step and message) on the calendar, and you can retry. The draft is kept and a post is never published twice.",
    },
    {
      question: "Which features need a paid plan?",
      answer:
        "Advanced analytics and automations need Pro or Premium; team members and client reports need Premium. A gated action tells you which plan unlocks it.",
    },
  ],
  closing: {
    title: "See your own numbers in a few minutes",
    text: "Create a free account, connect Instagram and the dashboard fills in on its own.",
  },
};

const es: DetailPageCopy = {
  meta: {
    title: "Resumen de funciones: estadísticas, bandeja, programación y un equipo de IA",
    description:
      "Un recorrido por Sightline: el panel de estadísticas de Instagram, los datos de la audiencia, el rendimiento de publicaciones, la bandeja unificada, la programación, los radares, las automatizaciones y el equipo de IA.",
  },
  eyebrow: "Resumen de funciones",
  title: "Un solo lugar para entender, responder y publicar en Instagram",
  lead: "Sightline reemplaza la hoja de cálculo, las notificaciones del teléfono y la herramienta de programación aparte. Cada número sale de los datos que te da Instagram y cada acción pasa por la API oficial de Meta.",
  highlights: [
    "Panel comparado con el periodo anterior",
    "Comentarios y mensajes directos en una bandeja",
    "Un calendario que publica cada publicación exactamente una vez",
  ],
  sectionsTitle: "Todo lo que incluye el producto",
  sectionsLead:
    "Ocho partes que comparten los mismos datos, así que una conclusión del panel te lleva directo a la publicación, la conversación o el próximo hueco de tu calendario.",
  sections: [
    {
      title: "Panel",
      text: "Elige 7, 28 o 90 días, o un rango personalizado, y cada cifra se compara con el periodo anterior de igual duración.",
      points: [
        "Seguidores (crecimiento neto), alcance, visualizaciones y visitas al perfil",
        "Tasa de interacción: interacciones totales divididas por el alcance",
        "Toques en el sitio web, mejores publicaciones y las cinco próximas programadas",
      ],
    },
    {
      title: "Datos de la audiencia",
      text: "Descubre quién te sigue y cuándo está conectado, en tu propia zona horaria.",
      points: [
        "Edad y género, países y ciudades principales",
        "Un mapa de calor de horas activas por día y hora",
        "Nuevos seguidores y bajas por día, con el próximo hito",
      ],
    },
    {
      title: "Rendimiento de publicaciones",
      text: "Todas las publicaciones sincronizadas en una tabla ordenable, con una vista de detalle que muestra cómo crecieron sus números.",
      points: [
        "Alcance, visualizaciones, me gusta, comentarios, guardados y compartidos",
        "Referencias por tipo: imágenes, carruseles, reels y videos",
        "Rendimiento de hashtags y exportación CSV en Pro y Premium",
      ],
    },
    {
      title: "Bandeja unificada",
      text: "Los mensajes directos y los comentarios llegan a una sola lista al momento, con filtros para lo que necesita respuesta.",
      points: [
        "Responde, envía respuestas privadas, oculta, muestra o elimina comentarios",
        "Respuestas guardadas y una respuesta sugerida por el Secretary",
        "Indica cuándo se cerró la ventana de mensajería de 24 horas de Instagram",
      ],
    },
    {
      title: "Programación y editor",
      text: "Planifica en un calendario mensual o semanal y arrastra una publicación a otro hueco para reprogramarla.",
      points: [
        "Imágenes, carruseles de hasta 10 elementos, reels y videos",
        "Descripciones de hasta 2200 caracteres, 30 hashtags y 3 colaboradores",
        "Sugerencias de mejor hora, etiquetas de usuarios y portada para videos",
      ],
    },
    {
      title: "Radar de tendencias y radar de prensa",
      text: "Sigue lo que se mueve en tu nicho y lo que se escribe sobre ti.",
      points: [
        "Hashtags etiquetados en alza, estables o en descenso",
        "El límite de Instagram de 30 búsquedas de hashtags cada 7 días, siempre visible",
        "Fuentes RSS y Atom comparadas con tus palabras clave, con sentimiento",
      ],
    },
  ],
  factsTitle: "Hecho con las reglas de Instagram",
  facts: [
    { value: "2200", label: "caracteres por descripción, con contador en vivo" },
    { value: "30", label: "hashtags por publicación, sin duplicados" },
    { value: "10", label: "elementos por carrusel" },
    { value: "24 h", label: "para responder un mensaje tras el último mensaje del cliente" },
  ],
  steps: {
    title: "Dónde encaja el equipo de IA",
    items: [
      {
        title: "Primero, los datos calculados",
        text: "Sightline calcula qué cambió, cuánto y qué publicaciones intervinieron antes de escribir una sola palabra.",
      },
      {
        title: "Después, la redacción",
        text: "Con un proveedor de IA configurado, un modelo redacta la explicación; sin él, un motor integrado usa plantillas y lo indica.",
      },
      {
        title: "Siempre verificable",
        text: "Los datos se muestran junto a cada respuesta, así que nunca tienes que creerle a la IA a ciegas.",
      },
    ],
  },
  faqTitle: "Preguntas sobre el producto",
  faq: [
    {
      question: "¿De dónde salen los datos?",
      answer:
        "De la Graph API de Instagram, a través de la cuenta que conectas. Sightline guarda las publicaciones y estadísticas sincronizadas para mostrar la evolución; nunca inventa cifras.",
    },
    {
      question: "¿Puedo usar Sightline con una cuenta personal de Instagram?",
      answer:
        "No. Meta solo ofrece estadísticas, mensajería y publicación para cuentas de empresa y de creador. El cambio es gratis en los ajustes de Instagram.",
    },
    {
      question: "¿Qué pasa si una publicación no se publica?",
      answer:
        "Verás el error y cada intento (hora, paso y mensaje) en el calendario, y podrás reintentarlo. El borrador se conserva y una publicación nunca se publica dos veces.",
    },
    {
      question: "¿Qué funciones necesitan un plan de pago?",
      answer:
        "Las estadísticas avanzadas y las automatizaciones necesitan Pro o Premium; los miembros del equipo y los informes para clientes, Premium. Una acción limitada te dice qué plan la desbloquea.",
    },
  ],
  closing: {
    title: "Mira tus propios números en pocos minutos",
    text: "Crea una cuenta gratis, conecta Instagram y el panel se completa solo.",
  },
};

export const featuresOverviewCopy = defineCopy("marketing-features-overview", { en, es });
