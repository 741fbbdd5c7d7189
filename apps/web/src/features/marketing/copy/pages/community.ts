import { defineCopy } from "../define-copy.ts";

export interface CommunityCopy {
  meta: { title: string; description: string };
  eyebrow: string;
  title: string;
  lead: string;
  waysTitle: string;
  ways: { title: string; text: string; action: string; href: string }[];
  roadmapTitle: string;
  roadmapLead: string;
  roadmapNote: string;
  guidelinesTitle: string;
  guidelinesLead: string;
  guidelines: { title: string; text: string }[];
  learnTitle: string;
  learnLead: string;
  learn: { title: string; text: string; href: string }[];
  principlesTitle: string;
  principles: string[];
}

const en: CommunityCopy = {
  meta: {
    title: "Community: shape Sightline with us",
    description:
      "Join the Sightline community: share feedback, request features and new channels, follow us on social media, and learn with guides, templates and free tools. Our community guidelines explained.",
  },
  eyebrow: "Community",
  title: "Build a better way to grow on Instagram, with us",
  lead: "Sightline is shaped by the creators, agencies and shops who use it. Tell us what is missing, what is confusing and what you would build next; we read everything and answer what we can.",
  waysTitle: "Ways to take part",
  ways: [
    {
      title: "Share feedback",
      text: "Found something confusing, slow or wrong? Tell us through the support form. Bug reports with the steps to reproduce them get fixed fastest.",
      action: "Send feedback",
      href: "/resources/support#contact",
    },
    {
      title: "Request a feature",
      text: "Describe the problem you want solved rather than the button you want added. The best requests tell us who needs it, when and why.",
      action: "Request a feature",
      href: "/resources/support#contact",
    },
    {
      title: "Vote for the next channel",
      text: "Facebook, Threads, TikTok, YouTube, LinkedIn, Pinterest and X are coming soon. Tell us which one would change your week the most.",
      action: "Tell us your channel",
      href: "/resources/support#contact",
    },
    {
      title: "Follow along",
      text: "We share product updates, guides and answers to common questions on our social channels. The links are in the footer of every page.",
      action: "Read the latest articles",
      href: "/resources/blog",
    },
  ],
  roadmapTitle: "What is coming",
  roadmapLead:
    "Instagram is the only channel Sightline supports today. These networks are next on the list; we will add each one when it meets the same standard of real data and reliable publishing.",
  roadmapNote: "No dates yet: we announce a channel when it works, not before.",
  guidelinesTitle: "Community guidelines",
  guidelinesLead:
    "For conversations in our comments, DMs and support threads. They are short because they come down to respect.",
  guidelines: [
    {
      title: "Be kind and specific",
      text: 'Critique the product, not the people. "The export drops my filters" helps us more than "the export is broken".',
    },
    {
      title: "Keep private things private",
      text: "Never post passwords, access tokens or other people's personal data in public comments. Use the support form for account questions.",
    },
    {
      title: "No spam or engagement bait",
      text: "No promotions, follow-for-follow requests or automated comments. We remove them, and we do the same in our own content.",
    },
    {
      title: "Respect Instagram's rules",
      text: "We will not help with fake followers, mass messaging or anything else that breaks Meta's terms. It would put your account at risk too.",
    },
    {
      title: "Disagree openly",
      text: "If you think a decision we made is wrong, say so and tell us why. We would rather hear it than guess.",
    },
  ],
  learnTitle: "Learn with the community",
  learnLead:
    "Free resources written by the Sightline team, based on the same data and rules the product uses.",
  learn: [
    {
      title: "Blog",
      text: "Guides on analytics, engagement quality, trends and automation.",
      href: "/resources/blog",
    },
    {
      title: "Templates",
      text: "Caption packs and content calendars to download.",
      href: "/resources/templates",
    },
    {
      title: "Free tools",
      text: "Engagement rate calculator, hashtag counter and caption checker.",
      href: "/resources/free-tools",
    },
    {
      title: "Social media insights",
      text: "Instagram's metrics and limits, explained.",
      href: "/resources/social-media-insights",
    },
  ],
  principlesTitle: "What we promise in return",
  principles: [
    "A person reads every message sent through the support form.",
    "We explain the reasoning when we decide not to build something.",
    "We never sell your data, and the site carries no third-party ad trackers.",
    "We do not publish testimonials or numbers we cannot back up.",
  ],
};

const es: CommunityCopy = {
  meta: {
    title: "Comunidad: construye Sightline con nosotros",
    description:
      "Únete a la comunidad de Sightline: comparte opiniones, pide funciones y nuevos canales, síguenos en redes sociales y aprende con guías, plantillas y herramientas gratis. Nuestras normas de la comunidad, explicadas.",
  },
  eyebrow: "Comunidad",
  title: "Construyamos juntos una mejor forma de crecer en Instagram",
  lead: "Sightline toma forma gracias a los creadores, agencias y tiendas que lo usan. Cuéntanos qué falta, qué confunde y qué construirías después; lo leemos todo y respondemos lo que podemos.",
  waysTitle: "Formas de participar",
  ways: [
    {
      title: "Comparte tu opinión",
      text: "¿Encontraste algo confuso, lento o incorrecto? Cuéntanoslo con el formulario de soporte. Los errores que incluyen los pasos para reproducirlos se corrigen antes.",
      action: "Enviar opinión",
      href: "/resources/support#contact",
    },
    {
      title: "Pide una función",
      text: "Describe el problema que quieres resolver en lugar del botón que quieres añadir. Las mejores peticiones nos dicen quién lo necesita, cuándo y por qué.",
      action: "Pedir una función",
      href: "/resources/support#contact",
    },
    {
      title: "Vota el próximo canal",
      text: "Facebook, Threads, TikTok, YouTube, LinkedIn, Pinterest y X llegarán próximamente. Dinos cuál cambiaría más tu semana.",
      action: "Dinos tu canal",
      href: "/resources/support#contact",
    },
    {
      title: "Síguenos",
      text: "Compartimos novedades del producto, guías y respuestas a preguntas frecuentes en nuestras redes. Los enlaces están en el pie de cada página.",
      action: "Leer los últimos artículos",
      href: "/resources/blog",
    },
  ],
  roadmapTitle: "Lo que viene",
  roadmapLead:
    "Instagram es el único canal que Sightline admite hoy. Estas redes son las siguientes de la lista; añadiremos cada una cuando cumpla el mismo estándar de datos reales y publicación fiable.",
  roadmapNote: "Aún sin fechas: anunciamos un canal cuando funciona, no antes.",
  guidelinesTitle: "Normas de la comunidad",
  guidelinesLead:
    "Para las conversaciones en nuestros comentarios, mensajes y solicitudes de soporte. Son breves porque se resumen en respeto.",
  guidelines: [
    {
      title: "Sé amable y concreto",
      text: "Critica el producto, no a las personas. «La exportación pierde mis filtros» nos ayuda más que «la exportación no funciona».",
    },
    {
      title: "Lo privado, en privado",
      text: "Nunca publiques contraseñas, tokens de acceso ni datos personales de otras personas en comentarios públicos. Usa el formulario de soporte para temas de cuenta.",
    },
    {
      title: "Sin spam ni cebos de interacción",
      text: "Nada de promociones, peticiones de seguirse mutuamente ni comentarios automáticos. Los eliminamos, y aplicamos lo mismo en nuestro contenido.",
    },
    {
      title: "Respeta las reglas de Instagram",
      text: "No ayudaremos con seguidores falsos, mensajes masivos ni nada que incumpla los términos de Meta. También pondría en riesgo tu cuenta.",
    },
    {
      title: "Discrepa abiertamente",
      text: "Si crees que una decisión nuestra es un error, dilo y explica por qué. Preferimos escucharlo a tener que adivinarlo.",
    },
  ],
  learnTitle: "Aprende con la comunidad",
  learnLead:
    "Recursos gratis escritos por el equipo de Sightline, basados en los mismos datos y reglas que usa el producto.",
  learn: [
    {
      title: "Blog",
      text: "Guías sobre estadísticas, calidad de la interacción, tendencias y automatización.",
      href: "/resources/blog",
    },
    {
      title: "Plantillas",
      text: "Paquetes de textos y calendarios de contenido para descargar.",
      href: "/resources/templates",
    },
    {
      title: "Herramientas gratis",
      text: "Calculadora de interacción, contador de hashtags y comprobador de textos.",
      href: "/resources/free-tools",
    },
    {
      title: "Claves de redes sociales",
      text: "Las métricas y los límites de Instagram, explicados.",
      href: "/resources/social-media-insights",
    },
  ],
  principlesTitle: "Lo que prometemos a cambio",
  principles: [
    "Una persona lee cada mensaje enviado con el formulario de soporte.",
    "Explicamos el motivo cuando decidimos no construir algo.",
    "Nunca vendemos tus datos y el sitio no tiene rastreadores publicitarios de terceros.",
    "No publicamos testimonios ni cifras que no podamos respaldar.",
  ],
};

export const communityCopy = defineCopy("marketing-community", { en, es });
