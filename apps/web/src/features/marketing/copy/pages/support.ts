import type { supportTopics } from "@sightline/contracts";
import { defineCopy } from "../define-copy.ts";

type Topic = (typeof supportTopics)[number];

export interface SupportCopy {
  meta: { title: string; description: string };
  eyebrow: string;
  title: string;
  lead: string;
  faqTitle: string;
  faqLead: string;
  faq: { question: string; answer: string }[];
  form: {
    title: string;
    lead: string;
    name: string;
    email: string;
    topic: string;
    topicPlaceholder: string;
    topics: Record<Topic, string>;
    message: string;
    messageHint: string;
    counter: string;
    submit: string;
    sending: string;
    errorSummary: string;
    failedTitle: string;
    networkError: string;
    unexpectedError: string;
    successTitle: string;
    successText: string;
    reference: string;
    sendAnother: string;
    errors: {
      name: string;
      nameTooLong: string;
      email: string;
      topic: string;
      message: string;
      messageTooLong: string;
    };
  };
  contactTitle: string;
  contacts: { title: string; text: string; email: string }[];
  helpfulTitle: string;
  helpful: { title: string; text: string; href: string }[];
}

const en: SupportCopy = {
  meta: {
    title: "Support: answers and a contact form",
    description:
      "Get help with Sightline: answers about connecting Instagram, plans, publishing, the inbox and data deletion, and a contact form that reaches a person on our support team.",
  },
  eyebrow: "Support",
  title: "How can we help?",
  lead: "Most questions are answered below. If yours is not, send us a message: a person on the support team reads every request and replies by e-mail.",
  faqTitle: "Common questions",
  faqLead: "Quick answers about accounts, Instagram, publishing and privacy.",
  faq: [
    {
      question: "I can't connect my Instagram account. What should I check?",
      answer:
        "Make sure the account is a Business or Creator account (personal accounts are not supported by Meta's API), that you are logged in to the right Instagram or Facebook account in the Meta window, and that you accept every permission requested. Then try again from Settings.",
    },
    {
      question: "Why are some of my numbers different from the Instagram app?",
      answer:
        "Instagram updates insights with a delay and some metrics are rounded in the app. Sightline shows what the API reports at the last sync, and defines engagement rate as total interactions divided by reach.",
    },
    {
      question: "A scheduled post did not publish. What happened?",
      answer:
        "Open it on the calendar: Sightline shows the error and every attempt with its time and step. Common causes are an expired connection, a media file Instagram rejected, or Instagram's publishing limit. Fix the cause and press Retry; the post is never published twice.",
    },
    {
      question: "Why can't I reply to a DM?",
      answer:
        "Instagram only lets a business reply within 24 hours of the customer's last message. When the window is closed, the thread says so; it reopens when the person writes again.",
    },
    {
      question: "How do I change or cancel my plan?",
      answer:
        "Go to Settings, then Plan and billing. You can move between Free, Starter, Pro and Premium at any time.",
    },
    {
      question: "How do I disconnect Instagram?",
      answer:
        'In Settings, choose Disconnect under Instagram. Sightline revokes the access token and deletes it. You can also remove Sightline from "Apps and websites" in Instagram or Facebook.',
    },
    {
      question: "How do I delete my account and data?",
      answer:
        "Settings, then Delete account, deletes everything at once. The data deletion page explains the other ways, including e-mail and Meta's deletion request.",
    },
    {
      question: "Do you support Facebook, TikTok or other networks?",
      answer:
        "Not yet. Only Instagram is supported today; Facebook, Threads, TikTok, YouTube, LinkedIn, Pinterest and X are coming soon. Tell us which one you need with the form below.",
    },
  ],
  form: {
    title: "Send us a message",
    lead: "We reply by e-mail to the address you give us.",
    name: "Your name",
    email: "E-mail address",
    topic: "Topic",
    topicPlaceholder: "Choose a topic",
    topics: {
      account: "My account and sign-in",
      instagram: "Connecting Instagram",
      billing: "Plans and billing",
      bug: "Something is not working",
      feature: "Feature request",
      privacy: "Privacy and data",
      other: "Something else",
    },
    message: "Message",
    messageHint: "Tell us what happened and what you expected. Please do not include passwords.",
    counter: "{n} / 5,000",
    submit: "Send message",
    sending: "Sending...",
    errorSummary: "Please correct the highlighted fields.",
    failedTitle: "Your message was not sent",
    networkError:
      "We could not reach our server. Check your connection and try again; your message is still here.",
    unexpectedError: "An unexpected error occurred. Please try again.",
    successTitle: "Thank you, your message was sent",
    successText: "We have sent a confirmation to {email} and will reply there.",
    reference: "Reference",
    sendAnother: "Send another message",
    errors: {
      name: "Enter your name.",
      nameTooLong: "Keep your name under 120 characters.",
      email: "Enter a valid e-mail address.",
      topic: "Choose a topic.",
      message: "Tell us a little more: at least 20 characters.",
      messageTooLong: "Keep your message under 5,000 characters.",
    },
  },
  contactTitle: "Other ways to reach us",
  contacts: [
    { title: "Support", text: "Questions about using Sightline.", email: "support@sightline.app" },
    {
      title: "Privacy",
      text: "Data requests and privacy questions.",
      email: "privacy@sightline.app",
    },
    { title: "Investors", text: "For investors and partners.", email: "investors@sightline.app" },
  ],
  helpfulTitle: "Helpful pages",
  helpful: [
    {
      title: "Data deletion",
      text: "Three ways to delete your data, and request status.",
      href: "/data-deletion",
    },
    { title: "Privacy policy", text: "What we collect and why.", href: "/privacy-policy" },
    {
      title: "Social media insights",
      text: "What Instagram's metrics and limits mean.",
      href: "/resources/social-media-insights",
    },
  ],
};

const es: SupportCopy = {
  meta: {
    title: "Soporte: respuestas y formulario de contacto",
    description:
      "Obtén ayuda con Sightline: respuestas sobre cómo conectar Instagram, planes, publicación, la bandeja y la eliminación de datos, y un formulario de contacto que llega a una persona del equipo de soporte.",
  },
  eyebrow: "Soporte",
  title: "¿Cómo podemos ayudarte?",
  lead: "La mayoría de las preguntas tienen respuesta abajo. Si la tuya no, envíanos un mensaje: una persona del equipo de soporte lee cada solicitud y responde por correo.",
  faqTitle: "Preguntas frecuentes",
  faqLead: "Respuestas rápidas sobre cuentas, Instagram, publicación y privacidad.",
  faq: [
    {
      question: "No puedo conectar mi cuenta de Instagram. ¿Qué reviso?",
      answer:
        "Comprueba que la cuenta sea de empresa o de creador (la API de Meta no admite cuentas personales), que iniciaste sesión en la cuenta correcta de Instagram o Facebook en la ventana de Meta y que aceptaste todos los permisos. Después vuelve a intentarlo desde Ajustes.",
    },
    {
      question: "¿Por qué algunos números son distintos a los de la app de Instagram?",
      answer:
        "Instagram actualiza las estadísticas con retraso y la app redondea algunas métricas. Sightline muestra lo que informa la API en la última sincronización y define la tasa de interacción como las interacciones totales divididas por el alcance.",
    },
    {
      question: "Una publicación programada no se publicó. ¿Qué pasó?",
      answer:
        "Ábrela en el calendario: Sightline muestra el error y cada intento con su hora y paso. Las causas habituales son una conexión vencida, un archivo que Instagram rechazó o el límite de publicación de Instagram. Corrige la causa y pulsa Reintentar; la publicación nunca se publica dos veces.",
    },
    {
      question: "¿Por qué no puedo responder un mensaje directo?",
      answer:
        "Instagram solo permite a una empresa responder dentro de las 24 horas siguientes al último mensaje del cliente. Cuando la ventana está cerrada, la conversación lo indica; se vuelve a abrir cuando la persona escribe de nuevo.",
    },
    {
      question: "¿Cómo cambio o cancelo mi plan?",
      answer:
        "Ve a Ajustes y luego a Plan y facturación. Puedes cambiar entre Free, Starter, Pro y Premium cuando quieras.",
    },
    {
      question: "¿Cómo desconecto Instagram?",
      answer:
        "En Ajustes, elige Desconectar en la sección de Instagram. Sightline revoca el token de acceso y lo elimina. También puedes quitar Sightline de «Apps y sitios web» en Instagram o Facebook.",
    },
    {
      question: "¿Cómo elimino mi cuenta y mis datos?",
      answer:
        "En Ajustes, Eliminar cuenta lo borra todo al instante. La página de eliminación de datos explica las otras formas, incluido el correo y la solicitud de eliminación de Meta.",
    },
    {
      question: "¿Son compatibles Facebook, TikTok u otras redes?",
      answer:
        "Todavía no. Hoy solo Instagram; Facebook, Threads, TikTok, YouTube, LinkedIn, Pinterest y X llegarán próximamente. Dinos cuál necesitas con el formulario de abajo.",
    },
  ],
  form: {
    title: "Envíanos un mensaje",
    lead: "Te respondemos por correo a la dirección que nos indiques.",
    name: "Tu nombre",
    email: "Correo electrónico",
    topic: "Tema",
    topicPlaceholder: "Elige un tema",
    topics: {
      account: "Mi cuenta y el inicio de sesión",
      instagram: "Conectar Instagram",
      billing: "Planes y facturación",
      bug: "Algo no funciona",
      feature: "Sugerir una función",
      privacy: "Privacidad y datos",
      other: "Otro tema",
    },
    message: "Mensaje",
    messageHint: "Cuéntanos qué pasó y qué esperabas. No incluyas contraseñas.",
    counter: "{n} / 5000",
    submit: "Enviar mensaje",
    sending: "Enviando...",
    errorSummary: "Corrige los campos marcados.",
    failedTitle: "Tu mensaje no se envió",
    networkError:
      "No pudimos conectar con nuestro servidor. Revisa tu conexión y vuelve a intentarlo; tu mensaje sigue aquí.",
    unexpectedError: "Se produjo un error inesperado. Vuelve a intentarlo.",
    successTitle: "Gracias, tu mensaje se envió",
    successText: "Enviamos una confirmación a {email} y te responderemos ahí.",
    reference: "Referencia",
    sendAnother: "Enviar otro mensaje",
    errors: {
      name: "Escribe tu nombre.",
      nameTooLong: "Tu nombre debe tener menos de 120 caracteres.",
      email: "Escribe un correo electrónico válido.",
      topic: "Elige un tema.",
      message: "Cuéntanos un poco más: al menos 20 caracteres.",
      messageTooLong: "Tu mensaje debe tener menos de 5000 caracteres.",
    },
  },
  contactTitle: "Otras formas de contactarnos",
  contacts: [
    {
      title: "Soporte",
      text: "Preguntas sobre el uso de Sightline.",
      email: "support@sightline.app",
    },
    {
      title: "Privacidad",
      text: "Solicitudes de datos y preguntas de privacidad.",
      email: "privacy@sightline.app",
    },
    {
      title: "Inversionistas",
      text: "Para inversionistas y socios.",
      email: "investors@sightline.app",
    },
  ],
  helpfulTitle: "Páginas útiles",
  helpful: [
    {
      title: "Eliminación de datos",
      text: "Tres formas de eliminar tus datos y el estado de una solicitud.",
      href: "/data-deletion",
    },
    {
      title: "Política de privacidad",
      text: "Qué recopilamos y por qué.",
      href: "/privacy-policy",
    },
    {
      title: "Claves de redes sociales",
      text: "Qué significan las métricas y los límites de Instagram.",
      href: "/resources/social-media-insights",
    },
  ],
};

export const supportCopy = defineCopy("marketing-support", { en, es });
