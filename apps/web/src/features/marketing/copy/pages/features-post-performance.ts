import { defineCopy } from "../define-copy.ts";
import type { DetailPageCopy } from "./types.ts";

const en: DetailPageCopy = {
  meta: {
    title: "Post performance: reach, saves and engagement for every Instagram post",
    description:
      "Every Instagram post in one table with reach, views, likes, comments, saves, shares and engagement rate, plus benchmarks per post type, hashtag performance and CSV export.",
  },
  eyebrow: "Post performance",
  title: "See which posts work, and why",
  lead: "Every post you have published, with the numbers that matter, side by side. Sort, filter and compare by type to learn what your audience rewards, then do more of it.",
  highlights: [
    "Every synced post, sortable and searchable",
    "Benchmarks per post type",
    "Metrics over time for each post",
  ],
  sectionsTitle: "What the post performance page gives you",
  sectionsLead:
    "The same definitions everywhere: engagement rate is total interactions divided by reach, so a number on the dashboard matches the number on the post.",
  sections: [
    {
      title: "A table of every post",
      text: "Images, carousels, reels and videos with a type badge, the date, reach, views, likes, comments, saves, shares and engagement rate.",
      points: [
        "Sort by any column",
        "Filter by type and period, search captions",
        "Table or grid view, fast even with years of posts",
      ],
    },
    {
      title: "Post detail",
      text: "Open a post to see how its metrics grew after publishing, its caption and hashtags, and its comments, with a link into the inbox.",
      points: [
        "Metrics over time from stored snapshots",
        "Caption and hashtags as published",
        "Jump to the comment thread to reply",
      ],
    },
    {
      title: "Benchmarks per type",
      text: "The median of each metric for images, carousels, reels and videos on your own account, so you can tell a good reel from an average one.",
      points: [
        "Best and worst performers of the period",
        "Each post compared with its type's median",
        "Used by the Mentor for growth advice",
      ],
    },
    {
      title: "Hashtag performance",
      text: "The median reach of posts that used each hashtag. Keep the tags that travel with your best posts and drop the ones that never help.",
      points: [
        "Ranked by median reach, not by how often you use them",
        "Feeds the trend radar's suggestions",
        "Part of advanced analytics on Pro and Premium",
      ],
    },
    {
      title: "CSV export",
      text: "Download the table with every metric to share with a client, a manager or your own spreadsheet.",
      points: [
        "All columns, one row per post",
        "Respects your filters",
        "Available on Pro and Premium",
      ],
    },
    {
      title: "Clear definitions",
      text: "Reach counts accounts, views count plays and impressions of the content, and engagement rate uses reach, not followers, so posts are judged by the people who saw them.",
      points: [
        "Engagement rate = total interactions ÷ reach",
        "Saves and shares shown separately",
        "Numbers match the dashboard exactly",
      ],
    },
  ],
  factsTitle: "What each post reports",
  facts: [
    { value: "6", label: "metrics per post, plus the engagement rate" },
    { value: "4", label: "post types compared: image, carousel, reel, video" },
    { value: "2 years", label: "of history on Pro and Premium" },
    { value: "CSV", label: "export of the whole table" },
  ],
  faqTitle: "Questions about post performance",
  faq: [
    {
      question: "How is the engagement rate calculated?",
      answer:
        "Total interactions (likes, comments, saves and shares) divided by reach. Using reach instead of followers judges a post by the people who actually saw it.",
    },
    {
      question: "Does it include posts published before I joined?",
      answer:
        "Yes. When you connect Instagram, Sightline syncs your existing posts and their insights as far back as your plan's analytics history allows.",
    },
    {
      question: "Why does a new post's reach keep changing?",
      answer:
        "Instagram keeps counting after you publish. Sightline stores snapshots so the post detail shows how the numbers grew, not only the latest value.",
    },
    {
      question: "Which plan do I need for benchmarks and export?",
      answer:
        "Benchmarks, hashtag performance and CSV export are advanced analytics, included in Pro and Premium. The post table itself is available on every plan.",
    },
  ],
  closing: {
    title: "Find your best posts in a minute",
    text: "Connect Instagram and every post is ranked by what it achieved.",
  },
};

const es: DetailPageCopy = {
  meta: {
    title: "Rendimiento de publicaciones: alcance, guardados e interacción de cada publicación",
    description:
      "Todas tus publicaciones de Instagram en una tabla con alcance, visualizaciones, me gusta, comentarios, guardados, compartidos y tasa de interacción, más referencias por tipo, rendimiento de hashtags y exportación CSV.",
  },
  eyebrow: "Rendimiento de publicaciones",
  title: "Descubre qué publicaciones funcionan y por qué",
  lead: "Todas las publicaciones que hiciste, con los números que importan, una al lado de la otra. Ordena, filtra y compara por tipo para saber qué premia tu audiencia y hacer más de eso.",
  highlights: [
    "Todas las publicaciones sincronizadas, ordenables y con búsqueda",
    "Referencias por tipo de publicación",
    "Métricas en el tiempo para cada publicación",
  ],
  sectionsTitle: "Qué te da la página de rendimiento",
  sectionsLead:
    "Las mismas definiciones en todas partes: la tasa de interacción es el total de interacciones dividido por el alcance, así que un número del panel coincide con el de la publicación.",
  sections: [
    {
      title: "Una tabla con cada publicación",
      text: "Imágenes, carruseles, reels y videos con su tipo, la fecha, el alcance, las visualizaciones, los me gusta, los comentarios, los guardados, los compartidos y la tasa de interacción.",
      points: [
        "Ordena por cualquier columna",
        "Filtra por tipo y periodo, busca en las descripciones",
        "Vista de tabla o cuadrícula, rápida incluso con años de publicaciones",
      ],
    },
    {
      title: "Detalle de la publicación",
      text: "Abre una publicación para ver cómo crecieron sus métricas después de publicarla, su descripción y hashtags, y sus comentarios, con un enlace a la bandeja.",
      points: [
        "Métricas en el tiempo a partir de instantáneas guardadas",
        "Descripción y hashtags tal como se publicaron",
        "Salta a los comentarios para responder",
      ],
    },
    {
      title: "Referencias por tipo",
      text: "La mediana de cada métrica para imágenes, carruseles, reels y videos en tu propia cuenta, para distinguir un buen reel de uno promedio.",
      points: [
        "Mejores y peores publicaciones del periodo",
        "Cada publicación comparada con la mediana de su tipo",
        "El Mentor las usa para sus consejos",
      ],
    },
    {
      title: "Rendimiento de hashtags",
      text: "El alcance mediano de las publicaciones que usaron cada hashtag. Conserva los que acompañan a tus mejores publicaciones y deja los que nunca ayudan.",
      points: [
        "Ordenados por alcance mediano, no por frecuencia de uso",
        "Alimenta las sugerencias del radar de tendencias",
        "Parte de las estadísticas avanzadas de Pro y Premium",
      ],
    },
    {
      title: "Exportación CSV",
      text: "Descarga la tabla con todas las métricas para compartirla con un cliente, un responsable o tu propia hoja de cálculo.",
      points: [
        "Todas las columnas, una fila por publicación",
        "Respeta tus filtros",
        "Disponible en Pro y Premium",
      ],
    },
    {
      title: "Definiciones claras",
      text: "El alcance cuenta cuentas, las visualizaciones cuentan reproducciones e impresiones del contenido, y la tasa de interacción usa el alcance, no los seguidores, para juzgar cada publicación por quienes la vieron.",
      points: [
        "Tasa de interacción = interacciones totales ÷ alcance",
        "Guardados y compartidos por separado",
        "Los números coinciden exactamente con el panel",
      ],
    },
  ],
  factsTitle: "Lo que informa cada publicación",
  facts: [
    { value: "6", label: "métricas por publicación, más la tasa de interacción" },
    { value: "4", label: "tipos comparados: imagen, carrusel, reel y video" },
    { value: "2 años", label: "de historial en Pro y Premium" },
    { value: "CSV", label: "exportación de toda la tabla" },
  ],
  faqTitle: "Preguntas sobre el rendimiento de publicaciones",
  faq: [
    {
      question: "¿Cómo se calcula la tasa de interacción?",
      answer:
        "Interacciones totales (me gusta, comentarios, guardados y compartidos) divididas por el alcance. Usar el alcance en lugar de los seguidores juzga cada publicación por las personas que realmente la vieron.",
    },
    {
      question: "¿Incluye publicaciones anteriores a mi registro?",
      answer:
        "Sí. Al conectar Instagram, Sightline sincroniza tus publicaciones existentes y sus estadísticas hasta donde lo permite el historial de tu plan.",
    },
    {
      question: "¿Por qué cambia el alcance de una publicación nueva?",
      answer:
        "Instagram sigue contando después de publicar. Sightline guarda instantáneas para que el detalle muestre cómo crecieron los números, no solo el último valor.",
    },
    {
      question: "¿Qué plan necesito para las referencias y la exportación?",
      answer:
        "Las referencias, el rendimiento de hashtags y la exportación CSV son estadísticas avanzadas, incluidas en Pro y Premium. La tabla de publicaciones está disponible en todos los planes.",
    },
  ],
  closing: {
    title: "Encuentra tus mejores publicaciones en un minuto",
    text: "Conecta Instagram y cada publicación se ordena según lo que logró.",
  },
};

export const featuresPostPerformanceCopy = defineCopy("marketing-features-post-performance", {
  en,
  es,
});
