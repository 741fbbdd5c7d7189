import { defineCopy } from "../define-copy.ts";
import type { DetailPageCopy } from "./types.ts";

const en: DetailPageCopy = {
  meta: {
    title: "Messages inbox: Instagram DMs and comments in one place",
    description:
      "Answer Instagram direct messages and comments from one inbox: private replies, hide and delete, saved replies, suggested answers and the 24-hour window shown on every thread.",
  },
  eyebrow: "Messages inbox",
  title: "Every DM and comment, answered from one inbox",
  lead: "Stop switching between the Instagram app, notifications and a spreadsheet of questions. Sightline puts direct messages and comments in one list, shows what still needs a reply and helps you answer well.",
  highlights: [
    "New messages and comments appear without reloading",
    "Filters for unread and needs-reply",
    "Suggested replies from the Secretary, always editable",
  ],
  sectionsTitle: "What you can do from the inbox",
  sectionsLead:
    "Everything Instagram's API allows for conversations and comments, in a layout built for getting through the queue.",
  sections: [
    {
      title: "One list, five filters",
      text: "All, Direct messages, Comments, Unread and Needs reply. Each conversation shows the person, a preview, the time and an unread marker.",
      points: [
        "A DM history or a post's comment thread beside its thumbnail",
        "Mark a conversation read or unread",
        "The bell in the app shows new messages and comments",
      ],
    },
    {
      title: "Reply the right way",
      text: "Answer a comment publicly, or move the conversation to a private reply when it involves an order, an address or a complaint.",
      points: [
        "Reply to DMs and to comments",
        "Private reply (a DM) to a commenter",
        "Hide, unhide and delete comments",
      ],
    },
    {
      title: "Saved replies",
      text: "Write the answers you give every day once (shipping times, sizes, opening hours, collaboration terms) and insert them with a click.",
      points: [
        "Edit a saved reply before sending it",
        "Insert one into any reply box",
        "Works for DMs and comments alike",
      ],
    },
    {
      title: "The Secretary's triage",
      text: "The Secretary ranks unanswered items by what matters: questions, purchase intent and complaints first, and drafts a reply for each.",
      points: [
        "The reason for each ranking is shown",
        "You review and send; nothing goes out on its own",
        "Template wording when no AI provider is configured, labelled as such",
      ],
    },
    {
      title: "Respect for the 24-hour window",
      text: "Instagram lets a business answer a DM for 24 hours after the customer's last message. Each thread shows the time left, and tells you when the window has closed.",
      points: [
        "No attempts that Instagram would reject",
        "A closed window reopens when the customer writes again",
        "Comment replies are not limited by the window",
      ],
    },
    {
      title: "Automations when you are ready",
      text: "On Pro and Premium, keyword rules can answer common comments and send the promised link by private reply, at most once per person per post.",
      points: [
        "Every run logged with its outcome",
        "Pause a rule at any time",
        "Rules respect Instagram's send limits",
      ],
    },
  ],
  factsTitle: "Inbox rules worth knowing",
  facts: [
    { value: "24 h", label: "to answer a DM after the customer's last message" },
    { value: "1", label: "automated reply per person per post, at most" },
    { value: "5", label: "filters, including Unread and Needs reply" },
    { value: "0", label: "messages sent without you, unless you set up a rule" },
  ],
  faqTitle: "Questions about the inbox",
  faq: [
    {
      question: "Do I need to keep the Instagram app open?",
      answer:
        "No. Sightline receives new messages and comments from Meta's webhooks and shows them as they arrive. You can still answer from the Instagram app; both stay in sync.",
    },
    {
      question: "Why can't I reply to an old DM?",
      answer:
        "Instagram only allows a business to reply within 24 hours of the customer's last message. When the window is closed, Sightline says so and you can wait for the person to write again.",
    },
    {
      question: "Will suggested replies be sent automatically?",
      answer:
        "No. The Secretary drafts, you decide. Only automation rules that you create and switch on send anything without a click.",
    },
    {
      question: "Can I try the inbox without a connected account?",
      answer:
        "Yes. A clearly labelled sample inbox is available for demos. It never touches your Instagram connection.",
    },
  ],
  closing: {
    title: "Answer your audience from one place",
    text: "Connect Instagram and your conversations and comments appear in one list.",
  },
};

const es: DetailPageCopy = {
  meta: {
    title: "Bandeja de mensajes: mensajes directos y comentarios de Instagram en un solo lugar",
    description:
      "Responde mensajes directos y comentarios de Instagram desde una bandeja: respuestas privadas, ocultar y eliminar, respuestas guardadas, sugerencias y la ventana de 24 horas en cada conversación.",
  },
  eyebrow: "Bandeja de mensajes",
  title: "Cada mensaje y comentario, respondido desde una sola bandeja",
  lead: "Deja de saltar entre la app de Instagram, las notificaciones y una hoja de cálculo con preguntas. Sightline reúne mensajes directos y comentarios en una lista, muestra lo que falta responder y te ayuda a hacerlo bien.",
  highlights: [
    "Los mensajes y comentarios nuevos aparecen sin recargar",
    "Filtros de sin leer y pendientes de respuesta",
    "Respuestas sugeridas por el Secretary, siempre editables",
  ],
  sectionsTitle: "Lo que puedes hacer desde la bandeja",
  sectionsLead:
    "Todo lo que la API de Instagram permite para conversaciones y comentarios, en un diseño pensado para vaciar la cola.",
  sections: [
    {
      title: "Una lista, cinco filtros",
      text: "Todo, Mensajes directos, Comentarios, Sin leer y Pendientes de respuesta. Cada conversación muestra la persona, un avance, la hora y un indicador de no leído.",
      points: [
        "El historial de mensajes o los comentarios de una publicación junto a su miniatura",
        "Marca una conversación como leída o no leída",
        "La campana de la app avisa de mensajes y comentarios nuevos",
      ],
    },
    {
      title: "Responde de la forma correcta",
      text: "Contesta un comentario en público o lleva la conversación a una respuesta privada cuando se trata de un pedido, una dirección o una queja.",
      points: [
        "Responde mensajes directos y comentarios",
        "Respuesta privada (un mensaje directo) a quien comentó",
        "Oculta, muestra y elimina comentarios",
      ],
    },
    {
      title: "Respuestas guardadas",
      text: "Escribe una vez las respuestas que das a diario (plazos de envío, tallas, horarios, condiciones de colaboración) e insértalas con un clic.",
      points: [
        "Edita una respuesta guardada antes de enviarla",
        "Insértalas en cualquier cuadro de respuesta",
        "Sirven para mensajes directos y comentarios",
      ],
    },
    {
      title: "La clasificación del Secretary",
      text: "El Secretary ordena lo pendiente según importa: primero preguntas, intención de compra y quejas, y redacta una respuesta para cada uno.",
      points: [
        "Se muestra el motivo de cada posición",
        "Tú revisas y envías; nada sale por su cuenta",
        "Texto de plantilla cuando no hay proveedor de IA, indicado como tal",
      ],
    },
    {
      title: "Respeto por la ventana de 24 horas",
      text: "Instagram permite a una empresa responder un mensaje durante 24 horas tras el último mensaje del cliente. Cada conversación muestra el tiempo restante y avisa cuando la ventana se cerró.",
      points: [
        "Sin intentos que Instagram rechazaría",
        "La ventana se vuelve a abrir cuando el cliente escribe de nuevo",
        "Las respuestas a comentarios no dependen de la ventana",
      ],
    },
    {
      title: "Automatizaciones cuando estés listo",
      text: "En Pro y Premium, las reglas por palabra clave pueden responder comentarios frecuentes y enviar el enlace prometido por respuesta privada, como máximo una vez por persona y publicación.",
      points: [
        "Cada ejecución queda registrada con su resultado",
        "Pausa una regla cuando quieras",
        "Las reglas respetan los límites de envío de Instagram",
      ],
    },
  ],
  factsTitle: "Reglas de la bandeja que conviene conocer",
  facts: [
    { value: "24 h", label: "para responder un mensaje tras el último mensaje del cliente" },
    { value: "1", label: "respuesta automática por persona y publicación, como máximo" },
    { value: "5", label: "filtros, incluidos Sin leer y Pendientes de respuesta" },
    { value: "0", label: "mensajes enviados sin ti, salvo que crees una regla" },
  ],
  faqTitle: "Preguntas sobre la bandeja",
  faq: [
    {
      question: "¿Tengo que tener abierta la app de Instagram?",
      answer:
        "No. Sightline recibe los mensajes y comentarios nuevos por los webhooks de Meta y los muestra al llegar. Puedes seguir respondiendo desde la app de Instagram; ambos se mantienen sincronizados.",
    },
    {
      question: "¿Por qué no puedo responder un mensaje antiguo?",
      answer:
        "Instagram solo permite a una empresa responder dentro de las 24 horas siguientes al último mensaje del cliente. Cuando la ventana está cerrada, Sightline lo indica y puedes esperar a que la persona vuelva a escribir.",
    },
    {
      question: "¿Las respuestas sugeridas se envían solas?",
      answer:
        "No. El Secretary redacta y tú decides. Solo las reglas de automatización que creas y activas envían algo sin un clic.",
    },
    {
      question: "¿Puedo probar la bandeja sin una cuenta conectada?",
      answer:
        "Sí. Hay una bandeja de ejemplo, claramente identificada, para demostraciones. Nunca toca tu conexión con Instagram.",
    },
  ],
  closing: {
    title: "Responde a tu audiencia desde un solo lugar",
    text: "Conecta Instagram y tus conversaciones y comentarios aparecen en una sola lista.",
  },
};

export const featuresMessagesInboxCopy = defineCopy("marketing-features-messages-inbox", {
  en,
  es,
});
