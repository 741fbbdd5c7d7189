import { defineCopy } from "../define-copy.ts";
import type { DetailPageCopy } from "./types.ts";

const en: DetailPageCopy = {
  meta: {
    title: "AI insights: an AI team grounded in your Instagram data",
    description:
      "Sightline's AI team (Manager, Secretary, Mentor, Creator and Analyst) explains your Instagram numbers from computed facts shown next to every answer. No invented figures.",
  },
  eyebrow: "AI insights",
  title: "An AI team that shows its work",
  lead: "Five roles read your own Instagram data and tell you what changed, what to answer first and what to post next. Every answer comes with the facts it was built from, so you can check it in seconds.",
  highlights: [
    "Grounded in figures computed from your account",
    "Facts shown next to every answer",
    "Honest labels when no AI model was used",
  ],
  sectionsTitle: "Five roles, one set of facts",
  sectionsLead:
    "Each role has a clear job. They share the same computed facts, so the plan, the coaching and the explanations never contradict each other.",
  sections: [
    {
      title: "Manager: your week, planned",
      text: "How many posts to publish and at which slots, which replies are still pending, and one experiment worth trying this week.",
      points: [
        "Slots from your followers' online hours and your own results",
        "Pending replies counted from the inbox",
        "One experiment at a time, so you can tell what worked",
      ],
    },
    {
      title: "Secretary: inbox triage",
      text: "Ranks unanswered DMs and comments (questions, purchase intent and complaints first) and suggests a reply for each one.",
      points: [
        "The reason for every ranking is visible",
        "Suggested replies are drafts you edit and send",
        "Works with your saved replies",
      ],
    },
    {
      title: "Mentor: growth coaching",
      text: "Advice drawn from your own history rather than generic tips, for example that your reels reach 2.1 times as many people as your images.",
      points: [
        "Compares formats, days and hours on your account",
        "Points to the posts behind each observation",
        "Suggests what to keep and what to drop",
      ],
    },
    {
      title: "Creator: content ideas",
      text: "Post ideas with a caption and hashtags, based on what worked for you and on rising hashtags in your niche.",
      points: [
        '"Use this" opens the composer already filled in',
        "Captions respect the 2,200-character limit",
        "Never more than 30 hashtags",
      ],
    },
    {
      title: "Analyst: what changed",
      text: "Explains movements in your numbers: what moved, by how much, and which posts drove it. Flags anomalies such as a sudden drop in reach.",
      points: [
        "Compared with the previous period of equal length",
        "Names the posts responsible",
        "Included on every plan, including Free",
      ],
    },
    {
      title: "Grounded, or clearly labelled",
      text: "Sightline first computes the facts, then words them. With an AI provider configured, a model writes the text; without one, a built-in engine uses templates and says so.",
      points: [
        "No figure appears that is not in your data",
        "The facts list sits next to the text",
        "Nothing pretends a model ran when it did not",
      ],
    },
  ],
  factsTitle: "The AI team at a glance",
  facts: [
    { value: "5", label: "roles: Manager, Secretary, Mentor, Creator and Analyst" },
    { value: "100%", label: "of figures computed from your own data" },
    { value: "Free", label: "plan includes the Analyst" },
    { value: "5/mo", label: "AI captions and AI Suggest times on Free" },
  ],
  steps: {
    title: "How an answer is made",
    items: [
      {
        title: "Sync",
        text: "Sightline stores your posts, insights and conversations as Instagram reports them.",
      },
      {
        title: "Compute",
        text: "It calculates the facts: changes against the previous period, medians per post type, best hours, unanswered items.",
      },
      {
        title: "Word and show",
        text: "The role writes a short answer from those facts and lists them beside it, so you can verify every claim.",
      },
    ],
  },
  faqTitle: "Questions about the AI",
  faq: [
    {
      question: "Which AI model does Sightline use?",
      answer:
        "Any provider the operator configures. When none is configured, a built-in engine writes the same facts with template wording, and the answer is labelled that way.",
    },
    {
      question: "Can the AI post or reply for me?",
      answer:
        "No. The roles suggest; you decide. Replies are drafts, and ideas open the composer for you to review.",
    },
    {
      question: "Is my data used to train models?",
      answer:
        "No. Sightline never sells your data or provides it to anyone to train their AI models. When an AI provider is configured, only the data needed for the feature you use, such as the computed metrics behind an explanation, is sent to it.",
    },
    {
      question: "Which plans include the AI team?",
      answer:
        "Free includes the Analyst and 5 AI captions or AI Suggest times a month. Starter, Pro and Premium include all five roles.",
    },
  ],
  closing: {
    title: "Ask your numbers why",
    text: "Connect Instagram and the Analyst explains your last 28 days on the first visit.",
  },
};

const es: DetailPageCopy = {
  meta: {
    title: "Análisis con IA: un equipo de IA basado en tus datos de Instagram",
    description:
      "El equipo de IA de Sightline (Manager, Secretary, Mentor, Creator y Analyst) explica tus números de Instagram a partir de datos calculados que se muestran junto a cada respuesta. Sin cifras inventadas.",
  },
  eyebrow: "Análisis con IA",
  title: "Un equipo de IA que muestra su trabajo",
  lead: "Cinco roles leen tus propios datos de Instagram y te dicen qué cambió, qué responder primero y qué publicar después. Cada respuesta llega con los datos en que se basa, para que la compruebes en segundos.",
  highlights: [
    "Basado en cifras calculadas a partir de tu cuenta",
    "Datos visibles junto a cada respuesta",
    "Etiquetas honestas cuando no se usó un modelo de IA",
  ],
  sectionsTitle: "Cinco roles, un mismo conjunto de datos",
  sectionsLead:
    "Cada rol tiene una tarea clara. Comparten los mismos datos calculados, así que el plan, los consejos y las explicaciones nunca se contradicen.",
  sections: [
    {
      title: "Manager: tu semana, planificada",
      text: "Cuántas publicaciones hacer y en qué franjas, qué respuestas siguen pendientes y un experimento que vale la pena probar esta semana.",
      points: [
        "Franjas según las horas de conexión de tus seguidores y tus resultados",
        "Respuestas pendientes contadas desde la bandeja",
        "Un experimento a la vez, para saber qué funcionó",
      ],
    },
    {
      title: "Secretary: orden en la bandeja",
      text: "Ordena los mensajes y comentarios sin responder (primero preguntas, intención de compra y quejas) y sugiere una respuesta para cada uno.",
      points: [
        "El motivo de cada posición es visible",
        "Las respuestas sugeridas son borradores que editas y envías",
        "Funciona con tus respuestas guardadas",
      ],
    },
    {
      title: "Mentor: consejos para crecer",
      text: "Consejos basados en tu propio historial y no en recetas genéricas; por ejemplo, que tus reels llegan a 2,1 veces más personas que tus imágenes.",
      points: [
        "Compara formatos, días y horas en tu cuenta",
        "Señala las publicaciones detrás de cada observación",
        "Sugiere qué mantener y qué dejar",
      ],
    },
    {
      title: "Creator: ideas de contenido",
      text: "Ideas de publicaciones con descripción y hashtags, basadas en lo que te funcionó y en los hashtags en alza de tu nicho.",
      points: [
        "«Usar esta» abre el editor ya completado",
        "Las descripciones respetan el límite de 2200 caracteres",
        "Nunca más de 30 hashtags",
      ],
    },
    {
      title: "Analyst: qué cambió",
      text: "Explica los movimientos de tus números: qué se movió, cuánto y qué publicaciones lo provocaron. Señala anomalías como una caída repentina del alcance.",
      points: [
        "Comparado con el periodo anterior de igual duración",
        "Nombra las publicaciones responsables",
        "Incluido en todos los planes, también en Free",
      ],
    },
    {
      title: "Fundamentado o claramente etiquetado",
      text: "Sightline primero calcula los datos y después los redacta. Con un proveedor de IA configurado, un modelo escribe el texto; sin él, un motor integrado usa plantillas y lo indica.",
      points: [
        "No aparece ninguna cifra que no esté en tus datos",
        "La lista de datos está junto al texto",
        "Nada finge que se usó un modelo cuando no fue así",
      ],
    },
  ],
  factsTitle: "El equipo de IA de un vistazo",
  facts: [
    { value: "5", label: "roles: Manager, Secretary, Mentor, Creator y Analyst" },
    { value: "100 %", label: "de las cifras calculadas a partir de tus datos" },
    { value: "Free", label: "incluye el Analyst" },
    { value: "5/mes", label: "textos con IA y horarios sugeridos en Free" },
  ],
  steps: {
    title: "Cómo se construye una respuesta",
    items: [
      {
        title: "Sincronizar",
        text: "Sightline guarda tus publicaciones, estadísticas y conversaciones tal como las informa Instagram.",
      },
      {
        title: "Calcular",
        text: "Calcula los datos: cambios frente al periodo anterior, medianas por tipo de publicación, mejores horas y elementos sin responder.",
      },
      {
        title: "Redactar y mostrar",
        text: "El rol escribe una respuesta breve a partir de esos datos y los enumera al lado, para que verifiques cada afirmación.",
      },
    ],
  },
  faqTitle: "Preguntas sobre la IA",
  faq: [
    {
      question: "¿Qué modelo de IA usa Sightline?",
      answer:
        "El proveedor que configure el operador. Si no hay ninguno, un motor integrado redacta los mismos datos con texto de plantilla y la respuesta se etiqueta así.",
    },
    {
      question: "¿La IA puede publicar o responder por mí?",
      answer:
        "No. Los roles sugieren y tú decides. Las respuestas son borradores y las ideas abren el editor para que las revises.",
    },
    {
      question: "¿Se usan mis datos para entrenar modelos?",
      answer:
        "No. Sightline nunca vende tus datos ni los entrega a nadie para entrenar sus modelos de IA. Cuando hay un proveedor de IA configurado, solo se le envían los datos necesarios para la función que usas, como las métricas calculadas detrás de una explicación.",
    },
    {
      question: "¿Qué planes incluyen el equipo de IA?",
      answer:
        "Free incluye el Analyst y 5 textos con IA u horarios sugeridos al mes. Starter, Pro y Premium incluyen los cinco roles.",
    },
  ],
  closing: {
    title: "Pregúntale a tus números por qué",
    text: "Conecta Instagram y el Analyst explica tus últimos 28 días desde la primera visita.",
  },
};

export const featuresAiInsightsCopy = defineCopy("marketing-features-ai-insights", { en, es });
