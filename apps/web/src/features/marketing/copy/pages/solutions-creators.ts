import { defineCopy } from "../define-copy.ts";
import type { DetailPageCopy } from "./types.ts";

const en: DetailPageCopy = {
  meta: {
    title: "Instagram analytics and scheduling for creators and influencers",
    description:
      "Grow your Instagram with your own data: best posting times from your followers' activity, content ideas from the Creator, every DM in one inbox and a calendar that publishes on time.",
  },
  eyebrow: "For creators and influencers",
  title: "Grow with your own data, not with guesswork",
  lead: "You are the writer, the editor, the community manager and the analyst. Sightline takes the admin off your plate: it shows what your audience responds to, when they are online and which messages still need you.",
  highlights: [
    "Best times from your followers' real activity",
    "Ideas with captions and hashtags, ready to edit",
    "Free plan for one account, no credit card",
  ],
  sectionsTitle: "Built around a creator's week",
  sectionsLead:
    "Less time in spreadsheets and notifications, more time making the things your audience follows you for.",
  sections: [
    {
      title: "Know what your audience rewards",
      text: "Post performance ranks every reel, carousel and image by reach, saves and shares, and compares each one with the median for its type on your account.",
      points: [
        "Engagement rate on reach, not on followers",
        "See which formats travel furthest",
        "The Mentor turns patterns into advice",
      ],
    },
    {
      title: "Post when people are there",
      text: "The active-hours heatmap shows when your followers are online, in your time zone. The scheduler suggests those slots and publishes on time.",
      points: [
        "Best-time hints on the calendar",
        "Drag a post to reschedule it",
        "Every post published exactly once",
      ],
    },
    {
      title: "Never run out of ideas",
      text: "The Creator proposes post ideas with a caption and hashtags, based on what worked for you and on rising hashtags in your niche.",
      points: [
        "One click opens the composer pre-filled",
        "Captions within 2,200 characters",
        "Up to 30 hashtags, never more",
      ],
    },
    {
      title: "Answer your community",
      text: "DMs and comments land in one inbox. Saved replies handle the questions you get every day, and the Secretary points you to the ones that matter.",
      points: [
        "Questions and complaints surface first",
        "Private replies for anything personal",
        "The 24-hour window shown on every DM",
      ],
    },
    {
      title: "Collaborate on posts",
      text: "Invite up to 3 collaborators on a post, tag people in images, and pick the cover frame of a reel before it goes out.",
      points: [
        "Collaborators and user tags in the composer",
        "Cover frame picker for videos",
        "Carousels of up to 10 items",
      ],
    },
    {
      title: "Watch your niche",
      text: "Track a handful of hashtags on the trend radar to see what is Rising, Steady or Cooling, with the top posts behind each trend.",
      points: [
        "3 hashtags on Free, 10 on Starter",
        "Top media for each hashtag",
        "Ideas from rising tags open the composer",
      ],
    },
  ],
  factsTitle: "Plans that fit a creator",
  facts: [
    { value: "Free", label: "one account, 30 days of history and the Analyst" },
    { value: "Starter", label: "unlimited scheduled posts and all five AI roles" },
    { value: "90 days", label: "of analytics history on Starter" },
    { value: "30", label: "hashtags per post, counted for you" },
  ],
  steps: {
    title: "A week with Sightline",
    items: [
      {
        title: "Monday: plan",
        text: "Read the Manager's plan: how many posts, which slots and one experiment to try.",
      },
      {
        title: "Midweek: create and schedule",
        text: "Turn a Creator idea into a post, check the caption length and schedule it for your best slot.",
      },
      {
        title: "Friday: learn",
        text: "Ask the Analyst what moved this week and which post drove it, then keep what worked.",
      },
    ],
  },
  faqTitle: "Questions from creators",
  faq: [
    {
      question: "Is Sightline useful for a small account?",
      answer:
        "Yes. Post performance, active hours and the scheduler work from your first posts. Only demographics wait until Meta provides them, at 100 followers.",
    },
    {
      question: "Do I need a Creator account?",
      answer:
        "You need an Instagram Creator or Business account; both work. Switching from a personal account is free in Instagram's settings.",
    },
    {
      question: "Can I keep posting from the Instagram app?",
      answer:
        "Of course. Sightline syncs posts you publish elsewhere, so your analytics always include everything.",
    },
    {
      question: "Which plan should I start with?",
      answer:
        "Start on Free. Move to Starter when you want unlimited scheduled posts and the whole AI team, or to Pro for advanced analytics and automations.",
    },
  ],
  closing: {
    title: "Spend your time creating, not checking",
    text: "Connect your Creator account for free and see your best posts and best hours today.",
  },
};

const es: DetailPageCopy = {
  meta: {
    title: "Estadísticas y programación de Instagram para creadores e influencers",
    description:
      "Haz crecer tu Instagram con tus propios datos: mejores horas según la actividad de tus seguidores, ideas de contenido del Creator, todos tus mensajes en una bandeja y un calendario que publica a tiempo.",
  },
  eyebrow: "Para creadores e influencers",
  title: "Crece con tus propios datos, no con suposiciones",
  lead: "Eres quien escribe, edita, gestiona la comunidad y analiza. Sightline te quita lo administrativo: muestra a qué responde tu audiencia, cuándo está conectada y qué mensajes siguen esperándote.",
  highlights: [
    "Mejores horas según la actividad real de tus seguidores",
    "Ideas con descripción y hashtags, listas para editar",
    "Plan gratuito para una cuenta, sin tarjeta",
  ],
  sectionsTitle: "Pensado para la semana de un creador",
  sectionsLead:
    "Menos tiempo en hojas de cálculo y notificaciones, más tiempo creando lo que tu audiencia viene a ver.",
  sections: [
    {
      title: "Descubre qué premia tu audiencia",
      text: "El rendimiento de publicaciones ordena cada reel, carrusel e imagen por alcance, guardados y compartidos, y compara cada uno con la mediana de su tipo en tu cuenta.",
      points: [
        "Tasa de interacción sobre el alcance, no sobre los seguidores",
        "Descubre qué formatos llegan más lejos",
        "El Mentor convierte los patrones en consejos",
      ],
    },
    {
      title: "Publica cuando hay gente",
      text: "El mapa de horas activas muestra cuándo están conectados tus seguidores, en tu zona horaria. El calendario sugiere esas franjas y publica a tiempo.",
      points: [
        "Sugerencias de mejor hora en el calendario",
        "Arrastra una publicación para reprogramarla",
        "Cada publicación se publica exactamente una vez",
      ],
    },
    {
      title: "Que nunca te falten ideas",
      text: "El Creator propone ideas con descripción y hashtags, basadas en lo que te funcionó y en los hashtags en alza de tu nicho.",
      points: [
        "Un clic abre el editor ya completado",
        "Descripciones dentro de 2200 caracteres",
        "Hasta 30 hashtags, nunca más",
      ],
    },
    {
      title: "Responde a tu comunidad",
      text: "Los mensajes y comentarios llegan a una bandeja. Las respuestas guardadas resuelven las preguntas de cada día y el Secretary te señala las que importan.",
      points: [
        "Las preguntas y las quejas aparecen primero",
        "Respuestas privadas para lo personal",
        "La ventana de 24 horas visible en cada mensaje",
      ],
    },
    {
      title: "Colabora en publicaciones",
      text: "Invita hasta 3 colaboradores a una publicación, etiqueta personas en imágenes y elige la portada de un reel antes de publicarlo.",
      points: [
        "Colaboradores y etiquetas en el editor",
        "Selector de portada para videos",
        "Carruseles de hasta 10 elementos",
      ],
    },
    {
      title: "Vigila tu nicho",
      text: "Sigue algunos hashtags en el radar de tendencias para ver cuáles están en alza, estables o en descenso, con las publicaciones destacadas de cada tendencia.",
      points: [
        "3 hashtags en Free, 10 en Starter",
        "Publicaciones destacadas de cada hashtag",
        "Las ideas de hashtags en alza abren el editor",
      ],
    },
  ],
  factsTitle: "Planes a la medida de un creador",
  facts: [
    { value: "Free", label: "una cuenta, 30 días de historial y el Analyst" },
    { value: "Starter", label: "publicaciones programadas ilimitadas y los cinco roles de IA" },
    { value: "90 días", label: "de historial en Starter" },
    { value: "30", label: "hashtags por publicación, contados por ti" },
  ],
  steps: {
    title: "Una semana con Sightline",
    items: [
      {
        title: "Lunes: planifica",
        text: "Lee el plan del Manager: cuántas publicaciones, en qué franjas y un experimento para probar.",
      },
      {
        title: "Mitad de semana: crea y programa",
        text: "Convierte una idea del Creator en una publicación, revisa la longitud del texto y prográmala en tu mejor franja.",
      },
      {
        title: "Viernes: aprende",
        text: "Pregúntale al Analyst qué se movió esta semana y qué publicación lo provocó, y conserva lo que funcionó.",
      },
    ],
  },
  faqTitle: "Preguntas de creadores",
  faq: [
    {
      question: "¿Sightline sirve para una cuenta pequeña?",
      answer:
        "Sí. El rendimiento de publicaciones, las horas activas y el calendario funcionan desde tus primeras publicaciones. Solo la demografía espera a que Meta la ofrezca, a partir de 100 seguidores.",
    },
    {
      question: "¿Necesito una cuenta de creador?",
      answer:
        "Necesitas una cuenta de creador o de empresa de Instagram; ambas sirven. Pasar de una cuenta personal es gratis en los ajustes de Instagram.",
    },
    {
      question: "¿Puedo seguir publicando desde la app de Instagram?",
      answer:
        "Por supuesto. Sightline sincroniza lo que publicas en otros lugares, así que tus estadísticas siempre lo incluyen todo.",
    },
    {
      question: "¿Con qué plan empiezo?",
      answer:
        "Empieza con Free. Pasa a Starter cuando quieras publicaciones programadas ilimitadas y todo el equipo de IA, o a Pro para estadísticas avanzadas y automatizaciones.",
    },
  ],
  closing: {
    title: "Dedica tu tiempo a crear, no a revisar",
    text: "Conecta gratis tu cuenta de creador y descubre hoy tus mejores publicaciones y tus mejores horas.",
  },
};

export const solutionsCreatorsCopy = defineCopy("marketing-solutions-creators", { en, es });
