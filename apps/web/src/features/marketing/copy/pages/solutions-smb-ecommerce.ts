import { defineCopy } from "../define-copy.ts";
import type { DetailPageCopy } from "./types.ts";

const en: DetailPageCopy = {
  meta: {
    title: "Instagram sales conversations for small businesses and e-commerce",
    description:
      "Turn Instagram comments and DMs into sales: purchase-intent messages ranked first, saved replies for shipping and sizes, keyword automations for launches and posts scheduled for when customers are online.",
  },
  eyebrow: "For small businesses and e-commerce",
  title: "Turn questions in your comments into orders",
  lead: "On Instagram, customers ask before they buy: price, sizes, shipping, opening hours. Sightline makes sure no question waits too long, and shows which posts bring people to your shop.",
  highlights: [
    "Purchase-intent messages ranked first",
    "Saved replies for the questions you hear daily",
    "Website taps and profile visits on the dashboard",
  ],
  sectionsTitle: "Built for shops that sell through conversations",
  sectionsLead: "From the first comment to the link in your bio, every step is visible.",
  sections: [
    {
      title: "No question left waiting",
      text: "The Secretary ranks unanswered DMs and comments so the people ready to buy come first, and drafts a reply you can edit.",
      points: [
        "Questions, purchase intent and complaints first",
        "Needs reply filter in the inbox",
        "The 24-hour DM window shown on every thread",
      ],
    },
    {
      title: "Saved replies for the basics",
      text: "Shipping times, sizes, returns, opening hours: write them once and insert them with a click, in DMs or comment replies.",
      points: [
        "Consistent answers across the team",
        "Edit before sending",
        "Private replies for order details",
      ],
    },
    {
      title: "Launches on autopilot",
      text: "On Pro and Premium, ask followers to comment a keyword and let a rule send the product link by private reply, once per person per post.",
      points: ["Rotating reply texts", "Skips anyone already answered", "Every run logged"],
    },
    {
      title: "See what drives visits",
      text: "The dashboard tracks website taps and profile visits alongside reach, so you can tell which posts send people to your shop.",
      points: [
        "Compared with the previous period",
        "Top posts of the period",
        "The Analyst explains what changed",
      ],
    },
    {
      title: "Post when customers are online",
      text: "Active hours in your time zone feed the scheduler's best-time hints. Product carousels of up to 10 images go out exactly once.",
      points: [
        "Images converted to JPEG when needed",
        "Aspect ratios checked against Instagram's rules",
        "Drag to reschedule a promotion",
      ],
    },
    {
      title: "Hear what is said about you",
      text: "The press radar follows news and blog feeds for your brand and product names and shows each mention with its sentiment.",
      points: [
        "RSS and Atom feeds",
        "Keywords with exclusions",
        "New mentions marked until you read them",
      ],
    },
  ],
  factsTitle: "Useful limits for shops",
  facts: [
    { value: "10", label: "images or videos per product carousel" },
    { value: "24 h", label: "to answer a customer's DM" },
    { value: "1×", label: "automated reply per person per post" },
    { value: "3", label: "accounts on Pro, for several shops or regions" },
  ],
  steps: {
    title: "A product drop, start to finish",
    items: [
      {
        title: "Tease",
        text: "Schedule a carousel for your best slot and ask people to comment a keyword for early access.",
      },
      {
        title: "Respond",
        text: "A rule sends the link by private reply while the Secretary surfaces sizing and shipping questions.",
      },
      {
        title: "Review",
        text: "Check website taps and the Analyst's summary to see which post sold the drop.",
      },
    ],
  },
  faqTitle: "Questions from shops",
  faq: [
    {
      question: "Can Sightline send people to my online store?",
      answer:
        "Yes. Private replies and automations can include your product links, and the dashboard shows website taps from your profile.",
    },
    {
      question: "Is it safe to automate DMs?",
      answer:
        "Rules only answer people who asked, at most once per person per post, within the 24-hour window and Instagram's send limits. Every run is logged.",
    },
    {
      question: "Do I need a Business account?",
      answer:
        "An Instagram Business or Creator account is required; most shops use a Business account. Switching is free in Instagram's settings.",
    },
    {
      question: "Which plan suits a small shop?",
      answer:
        "Starter covers unlimited scheduling and the full AI team. Choose Pro for automations, advanced analytics and up to 3 accounts.",
    },
  ],
  closing: {
    title: "Never keep a customer waiting",
    text: "Start free and see every question from your customers in one inbox.",
  },
};

const es: DetailPageCopy = {
  meta: {
    title: "Conversaciones de venta en Instagram para pymes y comercio electrónico",
    description:
      "Convierte comentarios y mensajes de Instagram en ventas: mensajes con intención de compra primero, respuestas guardadas para envíos y tallas, automatizaciones por palabra clave para lanzamientos y publicaciones programadas para cuando tus clientes están conectados.",
  },
  eyebrow: "Para pymes y comercio electrónico",
  title: "Convierte las preguntas de tus comentarios en pedidos",
  lead: "En Instagram, los clientes preguntan antes de comprar: precio, tallas, envíos, horarios. Sightline se asegura de que ninguna pregunta espere demasiado y muestra qué publicaciones llevan gente a tu tienda.",
  highlights: [
    "Mensajes con intención de compra primero",
    "Respuestas guardadas para las preguntas de cada día",
    "Toques en el sitio web y visitas al perfil en el panel",
  ],
  sectionsTitle: "Pensado para tiendas que venden conversando",
  sectionsLead: "Del primer comentario al enlace de tu biografía, cada paso es visible.",
  sections: [
    {
      title: "Ninguna pregunta sin respuesta",
      text: "El Secretary ordena los mensajes y comentarios pendientes para que quienes están listos para comprar vayan primero, y redacta una respuesta que puedes editar.",
      points: [
        "Primero preguntas, intención de compra y quejas",
        "Filtro de pendientes de respuesta en la bandeja",
        "La ventana de 24 horas visible en cada conversación",
      ],
    },
    {
      title: "Respuestas guardadas para lo básico",
      text: "Plazos de envío, tallas, devoluciones, horarios: escríbelos una vez e insértalos con un clic, en mensajes o respuestas a comentarios.",
      points: [
        "Respuestas coherentes en todo el equipo",
        "Edítalas antes de enviarlas",
        "Respuestas privadas para los detalles del pedido",
      ],
    },
    {
      title: "Lanzamientos en piloto automático",
      text: "En Pro y Premium, pide a tus seguidores que comenten una palabra clave y deja que una regla envíe el enlace del producto por respuesta privada, una vez por persona y publicación.",
      points: [
        "Textos de respuesta rotativos",
        "Omite a quien ya recibió respuesta",
        "Cada ejecución registrada",
      ],
    },
    {
      title: "Descubre qué genera visitas",
      text: "El panel sigue los toques en el sitio web y las visitas al perfil junto al alcance, para saber qué publicaciones llevan gente a tu tienda.",
      points: [
        "Comparado con el periodo anterior",
        "Mejores publicaciones del periodo",
        "El Analyst explica qué cambió",
      ],
    },
    {
      title: "Publica cuando tus clientes están conectados",
      text: "Las horas activas en tu zona horaria alimentan las sugerencias de mejor hora. Los carruseles de productos de hasta 10 imágenes se publican exactamente una vez.",
      points: [
        "Imágenes convertidas a JPEG cuando hace falta",
        "Proporciones comprobadas según las reglas de Instagram",
        "Arrastra para reprogramar una promoción",
      ],
    },
    {
      title: "Entérate de lo que se dice de ti",
      text: "El radar de prensa sigue fuentes de noticias y blogs sobre tu marca y tus productos y muestra cada mención con su sentimiento.",
      points: [
        "Fuentes RSS y Atom",
        "Palabras clave con exclusiones",
        "Las menciones nuevas quedan marcadas hasta que las leas",
      ],
    },
  ],
  factsTitle: "Límites útiles para tiendas",
  facts: [
    { value: "10", label: "imágenes o videos por carrusel de producto" },
    { value: "24 h", label: "para responder el mensaje de un cliente" },
    { value: "1×", label: "respuesta automática por persona y publicación" },
    { value: "3", label: "cuentas en Pro, para varias tiendas o regiones" },
  ],
  steps: {
    title: "Un lanzamiento de producto, de principio a fin",
    items: [
      {
        title: "Anticipa",
        text: "Programa un carrusel en tu mejor franja y pide que comenten una palabra clave para tener acceso anticipado.",
      },
      {
        title: "Responde",
        text: "Una regla envía el enlace por respuesta privada mientras el Secretary destaca las preguntas de tallas y envíos.",
      },
      {
        title: "Revisa",
        text: "Consulta los toques en el sitio web y el resumen del Analyst para ver qué publicación vendió el lanzamiento.",
      },
    ],
  },
  faqTitle: "Preguntas de tiendas",
  faq: [
    {
      question: "¿Sightline puede llevar gente a mi tienda en línea?",
      answer:
        "Sí. Las respuestas privadas y las automatizaciones pueden incluir los enlaces de tus productos, y el panel muestra los toques en el sitio web desde tu perfil.",
    },
    {
      question: "¿Es seguro automatizar mensajes directos?",
      answer:
        "Las reglas solo responden a quien preguntó, como máximo una vez por persona y publicación, dentro de la ventana de 24 horas y de los límites de envío de Instagram. Cada ejecución queda registrada.",
    },
    {
      question: "¿Necesito una cuenta de empresa?",
      answer:
        "Se necesita una cuenta de empresa o de creador de Instagram; la mayoría de las tiendas usa una de empresa. El cambio es gratis en los ajustes de Instagram.",
    },
    {
      question: "¿Qué plan le conviene a una tienda pequeña?",
      answer:
        "Starter cubre la programación ilimitada y todo el equipo de IA. Elige Pro para automatizaciones, estadísticas avanzadas y hasta 3 cuentas.",
    },
  ],
  closing: {
    title: "No hagas esperar a ningún cliente",
    text: "Empieza gratis y ve todas las preguntas de tus clientes en una sola bandeja.",
  },
};

export const solutionsSmbEcommerceCopy = defineCopy("marketing-solutions-smb-ecommerce", {
  en,
  es,
});
