import { defineCopy } from "../define-copy.ts";
import type { DetailPageCopy } from "./types.ts";

const en: DetailPageCopy = {
  meta: {
    title: "Automations: keyword replies and private-reply DMs for Instagram",
    description:
      "Instagram automations with safety built in: keyword-triggered comment replies, private-reply DMs, DM replies and labels, at most once per person per post, within Instagram's limits, every run logged.",
  },
  eyebrow: "Automations",
  title: "Automate the replies you send a hundred times, safely",
  lead: "Rules answer the comments and messages that always need the same response, such as a link, a price list or shipping times, so you can spend your time on the conversations that need you.",
  highlights: [
    "Triggers on keywords in comments or DMs, and story mentions",
    "At most once per person per post",
    "Every run logged with its outcome",
  ],
  sectionsTitle: "How a rule works",
  sectionsLead:
    "A rule is a trigger, optional conditions and one or more actions. You can pause it at any time.",
  sections: [
    {
      title: "Triggers",
      text: "Start a rule when a comment contains one of your keywords (on any post or on chosen posts), when a DM contains a keyword, or when someone mentions you in a story.",
      points: [
        "Keywords matched on whole words",
        "Limit a rule to specific posts, such as a launch",
        "Story mentions as their own trigger",
      ],
    },
    {
      title: "Actions",
      text: "Reply to the comment, send a private reply by DM, send a DM, label the conversation or notify yourself. Combine several in one rule.",
      points: [
        "Rotating text variants, so replies do not look copied",
        "Private replies to commenters",
        "Labels that show up in the inbox filters",
      ],
    },
    {
      title: "Safety built in",
      text: "Each rule acts at most once per person per post, respects the 24-hour messaging window and stays within Instagram's send limits.",
      points: [
        "No reply loops, even with enthusiastic commenters",
        "Messages outside the window are skipped, not forced",
        "Sending slows down before Instagram would refuse it",
      ],
    },
    {
      title: "A log of every run",
      text: "See who triggered each rule, what it did and why it skipped when it did. Perfect for checking a launch day or answering a client's question.",
      points: ["Outcome of each action", "Reason for every skip", "The time of every run"],
    },
    {
      title: "Works with the inbox",
      text: "Automated replies appear in the conversation like any other, and the person can keep talking to you there.",
      points: [
        "Take over a conversation at any moment",
        "Labels help you find automated threads",
        "The whole exchange stays in the thread's history",
      ],
    },
    {
      title: "On Pro and Premium",
      text: "Automations and auto-reply are part of the Pro and Premium plans. Trying to create a rule on another plan opens the upgrade dialog and names the plan that unlocks it.",
      points: [
        "Pro: up to 3 Instagram accounts",
        "Premium: up to 10 accounts, team members and client reports",
        "Pause or delete rules at any time",
      ],
    },
  ],
  factsTitle: "Guardrails, in numbers",
  facts: [
    { value: "1×", label: "per person per post, whatever they comment" },
    { value: "24 h", label: "messaging window respected for every DM" },
    { value: "100%", label: "of runs logged with their outcome" },
    { value: "3", label: "kinds of trigger: comment, DM, story mention" },
  ],
  steps: {
    title: "A typical launch, automated",
    items: [
      {
        title: "Ask for a keyword",
        text: 'Your post invites people to comment "GUIDE" to receive a checklist.',
      },
      {
        title: "The rule replies",
        text: "Each person who comments the keyword gets a short public reply and a private reply with the link.",
      },
      {
        title: "You check the log",
        text: "The log shows who received the link and who was skipped because they had already been answered.",
      },
    ],
  },
  faqTitle: "Questions about automations",
  faq: [
    {
      question: "Will my account look like a bot?",
      answer:
        "Rules only answer people who asked for something, at most once per person per post, with rotating text variants. That keeps replies personal and within Instagram's rules.",
    },
    {
      question: "Can a rule message anyone at any time?",
      answer:
        "No. DMs follow Instagram's 24-hour messaging window, and a private reply answers a specific comment. Sightline skips what Instagram would not allow.",
    },
    {
      question: "What happens if Instagram limits sending?",
      answer:
        "Sightline reads Instagram's limits and slows down before reaching them. Skipped actions are logged with the reason.",
    },
    {
      question: "Which plans include automations?",
      answer:
        "Pro and Premium. On Free and Starter, the automations tab explains what they do and which plan unlocks them.",
    },
  ],
  closing: {
    title: "Let the repetitive replies run themselves",
    text: "Start free, then turn on automations when you upgrade to Pro or Premium.",
  },
};

const es: DetailPageCopy = {
  meta: {
    title: "Automatizaciones: respuestas por palabra clave y respuestas privadas en Instagram",
    description:
      "Automatizaciones para Instagram con seguridad incorporada: respuestas a comentarios por palabra clave, respuestas privadas, respuestas a mensajes y etiquetas, como máximo una vez por persona y publicación, dentro de los límites de Instagram y con registro de cada ejecución.",
  },
  eyebrow: "Automatizaciones",
  title: "Automatiza las respuestas que envías cien veces, con seguridad",
  lead: "Las reglas responden los comentarios y mensajes que siempre necesitan la misma respuesta, como un enlace, una lista de precios o los plazos de envío, para que dediques tu tiempo a las conversaciones que te necesitan.",
  highlights: [
    "Se activan con palabras clave en comentarios o mensajes, y con menciones en historias",
    "Como máximo una vez por persona y publicación",
    "Cada ejecución queda registrada con su resultado",
  ],
  sectionsTitle: "Cómo funciona una regla",
  sectionsLead:
    "Una regla es un disparador, condiciones opcionales y una o más acciones. Puedes pausarla cuando quieras.",
  sections: [
    {
      title: "Disparadores",
      text: "Inicia una regla cuando un comentario contiene una de tus palabras clave (en cualquier publicación o en las que elijas), cuando un mensaje contiene una palabra clave o cuando alguien te menciona en una historia.",
      points: [
        "Palabras clave comparadas como palabras completas",
        "Limita una regla a publicaciones concretas, como un lanzamiento",
        "Las menciones en historias como disparador propio",
      ],
    },
    {
      title: "Acciones",
      text: "Responde al comentario, envía una respuesta privada por mensaje, envía un mensaje, etiqueta la conversación o recibe un aviso. Combina varias en una regla.",
      points: [
        "Variantes de texto rotativas, para que las respuestas no parezcan copiadas",
        "Respuestas privadas a quienes comentan",
        "Etiquetas que aparecen en los filtros de la bandeja",
      ],
    },
    {
      title: "Seguridad incorporada",
      text: "Cada regla actúa como máximo una vez por persona y publicación, respeta la ventana de mensajería de 24 horas y se mantiene dentro de los límites de envío de Instagram.",
      points: [
        "Sin bucles de respuestas, aunque alguien comente muchas veces",
        "Los mensajes fuera de la ventana se omiten, no se fuerzan",
        "El envío se frena antes de que Instagram lo rechace",
      ],
    },
    {
      title: "Un registro de cada ejecución",
      text: "Mira quién activó cada regla, qué hizo y por qué se omitió cuando ocurrió. Ideal para revisar un día de lanzamiento o responder la pregunta de un cliente.",
      points: ["Resultado de cada acción", "Motivo de cada omisión", "La hora de cada ejecución"],
    },
    {
      title: "Integradas con la bandeja",
      text: "Las respuestas automáticas aparecen en la conversación como cualquier otra, y la persona puede seguir hablando contigo ahí.",
      points: [
        "Toma el control de una conversación en cualquier momento",
        "Las etiquetas te ayudan a encontrar conversaciones automatizadas",
        "Todo el intercambio queda en el historial de la conversación",
      ],
    },
    {
      title: "En Pro y Premium",
      text: "Las automatizaciones y la respuesta automática forman parte de los planes Pro y Premium. Si intentas crear una regla en otro plan, se abre el aviso de mejora con el plan que la desbloquea.",
      points: [
        "Pro: hasta 3 cuentas de Instagram",
        "Premium: hasta 10 cuentas, miembros del equipo e informes para clientes",
        "Pausa o elimina reglas cuando quieras",
      ],
    },
  ],
  factsTitle: "Salvaguardas, en números",
  facts: [
    { value: "1×", label: "por persona y publicación, comente lo que comente" },
    { value: "24 h", label: "de ventana de mensajería respetada en cada mensaje" },
    { value: "100 %", label: "de las ejecuciones registradas con su resultado" },
    { value: "3", label: "tipos de disparador: comentario, mensaje y mención en historia" },
  ],
  steps: {
    title: "Un lanzamiento típico, automatizado",
    items: [
      {
        title: "Pide una palabra clave",
        text: "Tu publicación invita a comentar «GUÍA» para recibir una lista de verificación.",
      },
      {
        title: "La regla responde",
        text: "Cada persona que comenta la palabra clave recibe una breve respuesta pública y una respuesta privada con el enlace.",
      },
      {
        title: "Revisas el registro",
        text: "El registro muestra quién recibió el enlace y a quién se omitió porque ya había recibido respuesta.",
      },
    ],
  },
  faqTitle: "Preguntas sobre las automatizaciones",
  faq: [
    {
      question: "¿Mi cuenta parecerá un bot?",
      answer:
        "Las reglas solo responden a quienes pidieron algo, como máximo una vez por persona y publicación, con variantes de texto rotativas. Así las respuestas siguen siendo personales y dentro de las reglas de Instagram.",
    },
    {
      question: "¿Una regla puede escribir a cualquiera en cualquier momento?",
      answer:
        "No. Los mensajes siguen la ventana de 24 horas de Instagram y una respuesta privada contesta a un comentario concreto. Sightline omite lo que Instagram no permitiría.",
    },
    {
      question: "¿Qué pasa si Instagram limita los envíos?",
      answer:
        "Sightline lee los límites de Instagram y se frena antes de alcanzarlos. Las acciones omitidas quedan registradas con el motivo.",
    },
    {
      question: "¿Qué planes incluyen automatizaciones?",
      answer:
        "Pro y Premium. En Free y Starter, la pestaña de automatizaciones explica qué hacen y qué plan las desbloquea.",
    },
  ],
  closing: {
    title: "Deja que las respuestas repetitivas se envíen solas",
    text: "Empieza gratis y activa las automatizaciones cuando pases a Pro o Premium.",
  },
};

export const featuresAutomationsCopy = defineCopy("marketing-features-automations", { en, es });
