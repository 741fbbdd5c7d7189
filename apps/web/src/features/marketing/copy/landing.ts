import { defineCopy } from "./define-copy.ts";

interface Card {
  title: string;
  text: string;
}

export interface LandingCopy {
  meta: { title: string; description: string };
  hero: {
    eyebrow: string;
    titleStart: string;
    titleHighlight: string;
    lead: string;
    note: string;
    trust: string[];
    scrollToFeatures: string;
  };
  features: {
    title: string;
    lead: string;
    items: Record<
      | "analytics"
      | "audience"
      | "posts"
      | "inbox"
      | "scheduler"
      | "trendRadar"
      | "pressRadar"
      | "automations",
      Card & { link: string }
    >;
  };
  channels: { title: string; lead: string; instagramText: string; comingSoonText: string };
  howItWorks: { title: string; lead: string; steps: Card[] };
  aiTeam: {
    eyebrow: string;
    title: string;
    lead: string;
    roles: Record<
      "manager" | "secretary" | "mentor" | "creator" | "analyst",
      Card & { label: string }
    >;
    honesty: string;
  };
  workflows: {
    title: string;
    lead: string;
    items: Record<
      "creators" | "agencies" | "smbEcommerce" | "startups",
      Card & { points: string[]; link: string }
    >;
  };
  plans: {
    eyebrow: string;
    title: string;
    lead: string;
    capability: string;
    recommended: string;
    names: [string, string, string, string];
    taglines: [string, string, string, string];
    rows: { label: string; values: [string, string, string, string] }[];
    yes: string;
    no: string;
    note: string;
  };
  security: {
    title: string;
    lead: string;
    items: Card[];
    linksTitle: string;
    privacy: string;
    terms: string;
    dataDeletion: string;
  };
  faq: {
    eyebrow: string;
    title: string;
    lead: string;
    entries: { question: string; answer: string }[];
  };
  demo: { title: string; description: string; close: string; loading: string };
}

const en: LandingCopy = {
  meta: {
    title: "Sightline — Instagram analytics, inbox and scheduling",
    description:
      "Sightline brings Instagram analytics, a unified inbox for comments and DMs, scheduling and an AI team that explains your numbers into one place. Start free, no credit card needed.",
  },
  hero: {
    eyebrow: "For Instagram Business and Creator accounts",
    titleStart: "Know what works on Instagram.",
    titleHighlight: "Then do more of it.",
    lead: "Sightline brings your real Instagram data, every comment and direct message, and your content calendar into one place, with an AI team that explains what changed and what to try next.",
    note: "No credit card needed. Free plan for one Instagram account.",
    trust: [
      "Connected through Meta's official API",
      "Access tokens encrypted with AES-256-GCM",
      "Every post published exactly once",
    ],
    scrollToFeatures: "Scroll to the features",
  },
  features: {
    title: "Powerful Features",
    lead: "Everything you need to understand your account, talk with your audience and publish on time, built on the data Instagram gives you.",
    items: {
      analytics: {
        title: "Analytics dashboard",
        text: "Followers, reach, views, engagement rate, profile visits and website taps, compared with the previous period of the same length.",
        link: "/features/overview",
      },
      audience: {
        title: "Audience insights",
        text: "Age and gender, top countries and cities, and a heatmap of the hours your followers are online, in your time zone.",
        link: "/features/audience-insights",
      },
      posts: {
        title: "Post performance",
        text: "Every post with reach, views, likes, comments, saves and shares. Benchmarks per post type and hashtag performance.",
        link: "/features/post-performance",
      },
      inbox: {
        title: "Unified inbox",
        text: "Comments and DMs in one list. Reply, send a private reply, hide or delete comments, and keep saved replies at hand.",
        link: "/features/messages-inbox",
      },
      scheduler: {
        title: "Scheduling and publishing",
        text: "Images, carousels of up to 10 items, reels and videos on a calendar with best-time suggestions. Never published twice.",
        link: "/features/overview",
      },
      trendRadar: {
        title: "Trend radar",
        text: "Track the hashtags of your niche and see which are Rising, Steady or Cooling, with the top posts behind each one.",
        link: "/features/overview",
      },
      pressRadar: {
        title: "Press radar",
        text: "Follow news feeds for your brand, handle and product names, and see every mention with its sentiment.",
        link: "/features/overview",
      },
      automations: {
        title: "Automations",
        text: "Reply to keyword comments, send private-reply DMs and label conversations, at most once per person per post.",
        link: "/features/automations",
      },
    },
  },
  channels: {
    title: "Connect your channels",
    lead: "Sightline works with Instagram today. More networks are on the way; we will add them when they meet the same standard.",
    instagramText:
      "Business and Creator accounts through Meta's official login. Analytics, inbox, scheduling and automations.",
    comingSoonText: "Not available yet",
  },
  howItWorks: {
    title: "How it works",
    lead: "From sign-up to your first insight in a few minutes.",
    steps: [
      {
        title: "Create your account",
        text: "Sign up with your e-mail and verify it, or continue with Google. No credit card needed.",
      },
      {
        title: "Connect Instagram",
        text: "Log in through Meta's official OAuth and choose your Business or Creator account. You can revoke access at any time.",
      },
      {
        title: "Analyze",
        text: "Sightline syncs your posts, insights and audience, and the Analyst explains what moved and why.",
      },
      {
        title: "Engage and publish",
        text: "Answer comments and DMs from one inbox and schedule posts for the hours your followers are online.",
      },
    ],
  },
  aiTeam: {
    eyebrow: "AI team",
    title: "Meet your AI team",
    lead: "Five roles that work from your own numbers. Each answer shows the facts it was built from, so you can check it.",
    roles: {
      manager: {
        label: "Manager",
        title: "Plans your week",
        text: "How many posts and at which slots, the replies still pending, and one experiment to try.",
      },
      secretary: {
        label: "Secretary",
        title: "Triages your inbox",
        text: "Ranks unanswered messages and comments (questions, purchase intent, complaints) and suggests a reply for each.",
      },
      mentor: {
        label: "Mentor",
        title: "Coaches your growth",
        text: "Advice drawn from your own data, such as which formats reach more of your audience.",
      },
      creator: {
        label: "Creator",
        title: "Suggests content",
        text: "Ideas with a caption and hashtags; one click opens the composer already filled in.",
      },
      analyst: {
        label: "Analyst",
        title: "Explains what changed",
        text: "What moved, by how much, and which posts drove it. Flags anything unusual.",
      },
    },
    honesty:
      "Without an AI provider configured, a built-in engine writes the same facts in template wording and says so. Sightline never claims a model ran when it did not.",
  },
  workflows: {
    title: "Built for every workflow",
    lead: "Whether you post for yourself, your clients or your shop, Sightline fits the way you work.",
    items: {
      creators: {
        title: "Creators and influencers",
        text: "Grow with your own data instead of guesses.",
        points: [
          "Best times from your followers' activity",
          "Content ideas from the Creator",
          "Every DM in one place",
        ],
        link: "/solutions/creators",
      },
      agencies: {
        title: "Agencies",
        text: "Manage several client accounts and report clearly.",
        points: [
          "Up to 10 Instagram accounts on Premium",
          "Team members and client reports",
          "One calendar per account",
        ],
        link: "/solutions/agencies",
      },
      smbEcommerce: {
        title: "Small business and e-commerce",
        text: "Turn questions in comments and DMs into sales.",
        points: [
          "Purchase-intent messages ranked first",
          "Saved replies for shipping and sizes",
          "Keyword automations for launches",
        ],
        link: "/solutions/smb-ecommerce",
      },
      startups: {
        title: "Startups",
        text: "Build an audience from day one and learn fast.",
        points: [
          "Weekly plan from the Manager",
          "Press radar for your brand name",
          "Benchmarks per post type",
        ],
        link: "/solutions/startups",
      },
    },
  },
  plans: {
    eyebrow: "Plans",
    title: "Start free, upgrade when you need more",
    lead: "Four plans, described by what each one unlocks. Start on Free and change plans from Settings at any time.",
    capability: "What you get",
    recommended: "Most complete",
    names: ["Free", "Starter", "Pro", "Premium"],
    taglines: [
      "Try Sightline on one account",
      "For a creator posting every week",
      "For growing brands that automate",
      "For agencies and teams",
    ],
    rows: [
      { label: "Instagram accounts", values: ["1", "1", "3", "10"] },
      { label: "Analytics history", values: ["30 days", "90 days", "2 years", "2 years"] },
      {
        label: "Advanced analytics (demographics, hashtag performance, benchmarks, CSV export)",
        values: ["–", "–", "yes", "yes"],
      },
      { label: "Scheduled posts per month", values: ["10", "Unlimited", "Unlimited", "Unlimited"] },
      { label: "AI captions, AI Suggest times", values: ["5 a month", "yes", "yes", "yes"] },
      {
        label: "AI team",
        values: ["Analyst only", "All five roles", "All five roles", "All five roles"],
      },
      {
        label: "Trend radar hashtags / press radar keywords",
        values: ["3 / 1", "10 / 3", "30 / 10", "30 / 30"],
      },
      { label: "Automations and auto-reply", values: ["–", "–", "yes", "yes"] },
      { label: "Team members, client reports", values: ["–", "–", "–", "yes"] },
    ],
    yes: "Included",
    no: "Not included",
    note: "When a feature needs a higher plan, Sightline tells you which plan unlocks it.",
  },
  security: {
    title: "Security & Compliance",
    lead: "Your Instagram account and your audience's messages deserve care. This is how we handle them.",
    items: [
      {
        title: "Encrypted, revocable access",
        text: "Instagram access tokens are encrypted at rest with AES-256-GCM. Disconnecting in Settings revokes and deletes them.",
      },
      {
        title: "Official APIs only",
        text: "Sightline connects through Meta's official OAuth and Graph API, and verifies the signature of every webhook.",
      },
      {
        title: "Strong sign-in",
        text: "Passwords are hashed. Two-factor authentication works with an authenticator app, a phone code or a passkey.",
      },
      {
        title: "Your data stays yours",
        text: "Every query is scoped to the signed-in user. We never sell data, and the site has no third-party ad trackers.",
      },
      {
        title: "Delete everything, any time",
        text: "Delete your account in Settings and everything goes at once; backups are overwritten within 30 days.",
      },
      {
        title: "Built for Meta's rules",
        text: "Publishing respects Instagram's limits and quotas, and DMs are only answered inside the 24-hour window.",
      },
    ],
    linksTitle: "Read the details",
    privacy: "Privacy policy",
    terms: "Terms of service",
    dataDeletion: "Data deletion",
  },
  faq: {
    eyebrow: "FAQ",
    title: "Frequently asked questions",
    lead: "Can't find your answer? Our support team replies to every message.",
    entries: [
      {
        question: "Do I need a credit card to start?",
        answer:
          "No. No credit card is needed to start. Create an account, connect Instagram and use the Free plan for as long as you like.",
      },
      {
        question: "Is my Instagram access safe?",
        answer:
          'Yes. Access tokens are encrypted with AES-256-GCM and can be revoked at any time: disconnect Instagram in Settings and the token is revoked and deleted, or remove Sightline from Instagram\'s "Apps and websites".',
      },
      {
        question: "Which social networks are supported?",
        answer:
          "Only Instagram is supported today, for Business and Creator accounts. Facebook, Threads, TikTok, YouTube, LinkedIn, Pinterest and X are coming soon.",
      },
      {
        question: "Do I need a Business or Creator account?",
        answer:
          "Yes. Meta's API only gives insights and messaging for professional accounts. Switching a personal account to a Creator or Business account is free in Instagram's settings and takes a minute.",
      },
      {
        question: "Will Sightline post anything without me?",
        answer:
          "No. Sightline publishes only what you publish or schedule yourself. Every attempt is recorded and a post is never published twice.",
      },
      {
        question: "Does the AI make things up?",
        answer:
          "The AI team works from facts computed from your data and shows them next to every answer. Without an AI provider configured, a built-in engine writes the same facts in template wording, labelled as such.",
      },
      {
        question: "Why don't I see audience demographics?",
        answer:
          "Meta only provides age, gender and location data for accounts with at least 100 followers. Sightline shows them as soon as Instagram does.",
      },
      {
        question: "Can I manage several accounts or clients?",
        answer:
          "Yes. Pro connects up to 3 Instagram accounts and Premium up to 10, with team members and client reports.",
      },
    ],
  },
  demo: {
    title: "Sightline demo",
    description: "A short tour of the dashboard, the inbox, the scheduler and the AI team.",
    close: "Close the demo",
    loading: "Loading the video...",
  },
};

const es: LandingCopy = {
  meta: {
    title: "Sightline — estadísticas, bandeja y programación para Instagram",
    description:
      "Sightline reúne estadísticas de Instagram, una bandeja unificada para comentarios y mensajes directos, programación y un equipo de IA que explica tus números. Empieza gratis, sin tarjeta.",
  },
  hero: {
    eyebrow: "Para cuentas de empresa y de creador de Instagram",
    titleStart: "Descubre qué funciona en Instagram.",
    titleHighlight: "Y haz más de eso.",
    lead: "Sightline reúne tus datos reales de Instagram, cada comentario y mensaje directo y tu calendario de contenido en un solo lugar, con un equipo de IA que explica qué cambió y qué probar después.",
    note: "Sin tarjeta de crédito. Plan gratuito para una cuenta de Instagram.",
    trust: [
      "Conectado con la API oficial de Meta",
      "Tokens de acceso cifrados con AES-256-GCM",
      "Cada publicación se publica exactamente una vez",
    ],
    scrollToFeatures: "Desplázate a las funciones",
  },
  features: {
    title: "Funciones potentes",
    lead: "Todo lo que necesitas para entender tu cuenta, conversar con tu audiencia y publicar a tiempo, con los datos que te da Instagram.",
    items: {
      analytics: {
        title: "Panel de estadísticas",
        text: "Seguidores, alcance, visualizaciones, tasa de interacción, visitas al perfil y toques en el sitio web, comparados con el periodo anterior de igual duración.",
        link: "/features/overview",
      },
      audience: {
        title: "Datos de la audiencia",
        text: "Edad y género, países y ciudades principales, y un mapa de calor de las horas en que tus seguidores están conectados, en tu zona horaria.",
        link: "/features/audience-insights",
      },
      posts: {
        title: "Rendimiento de publicaciones",
        text: "Cada publicación con alcance, visualizaciones, me gusta, comentarios, guardados y compartidos. Referencias por tipo y rendimiento de hashtags.",
        link: "/features/post-performance",
      },
      inbox: {
        title: "Bandeja unificada",
        text: "Comentarios y mensajes directos en una lista. Responde, envía respuestas privadas, oculta o elimina comentarios y usa respuestas guardadas.",
        link: "/features/messages-inbox",
      },
      scheduler: {
        title: "Programación y publicación",
        text: "Imágenes, carruseles de hasta 10 elementos, reels y videos en un calendario con sugerencias de mejor hora. Nunca se publica dos veces.",
        link: "/features/overview",
      },
      trendRadar: {
        title: "Radar de tendencias",
        text: "Sigue los hashtags de tu nicho y mira cuáles están en alza, estables o en descenso, con las publicaciones destacadas de cada uno.",
        link: "/features/overview",
      },
      pressRadar: {
        title: "Radar de prensa",
        text: "Sigue fuentes de noticias sobre tu marca, tu usuario y tus productos, y mira cada mención con su sentimiento.",
        link: "/features/overview",
      },
      automations: {
        title: "Automatizaciones",
        text: "Responde comentarios con palabras clave, envía respuestas privadas y etiqueta conversaciones, como máximo una vez por persona y publicación.",
        link: "/features/automations",
      },
    },
  },
  channels: {
    title: "Conecta tus canales",
    lead: "Sightline funciona hoy con Instagram. Hay más redes en camino; las añadiremos cuando cumplan el mismo estándar.",
    instagramText:
      "Cuentas de empresa y de creador con el inicio de sesión oficial de Meta. Estadísticas, bandeja, programación y automatizaciones.",
    comingSoonText: "Aún no disponible",
  },
  howItWorks: {
    title: "Cómo funciona",
    lead: "Del registro a tu primera conclusión en pocos minutos.",
    steps: [
      {
        title: "Crea tu cuenta",
        text: "Regístrate con tu correo y verifícalo, o continúa con Google. Sin tarjeta de crédito.",
      },
      {
        title: "Conecta Instagram",
        text: "Inicia sesión con el OAuth oficial de Meta y elige tu cuenta de empresa o de creador. Puedes revocar el acceso cuando quieras.",
      },
      {
        title: "Analiza",
        text: "Sightline sincroniza tus publicaciones, estadísticas y audiencia, y el Analyst explica qué cambió y por qué.",
      },
      {
        title: "Conversa y publica",
        text: "Responde comentarios y mensajes desde una bandeja y programa publicaciones para las horas en que tus seguidores están conectados.",
      },
    ],
  },
  aiTeam: {
    eyebrow: "Equipo de IA",
    title: "Conoce a tu equipo de IA",
    lead: "Cinco roles que trabajan con tus propios números. Cada respuesta muestra los datos en que se basa, para que puedas comprobarla.",
    roles: {
      manager: {
        label: "Manager",
        title: "Planifica tu semana",
        text: "Cuántas publicaciones y en qué franjas, las respuestas pendientes y un experimento para probar.",
      },
      secretary: {
        label: "Secretary",
        title: "Ordena tu bandeja",
        text: "Clasifica los mensajes y comentarios sin responder (preguntas, intención de compra, quejas) y sugiere una respuesta para cada uno.",
      },
      mentor: {
        label: "Mentor",
        title: "Te ayuda a crecer",
        text: "Consejos basados en tus propios datos, como qué formatos llegan a más personas de tu audiencia.",
      },
      creator: {
        label: "Creator",
        title: "Propone contenido",
        text: "Ideas con descripción y hashtags; con un clic se abre el editor ya completado.",
      },
      analyst: {
        label: "Analyst",
        title: "Explica qué cambió",
        text: "Qué se movió, cuánto y qué publicaciones lo provocaron. Señala cualquier dato inusual.",
      },
    },
    honesty:
      "Si no hay un proveedor de IA configurado, un motor integrado redacta los mismos datos con texto de plantilla y lo indica. Sightline nunca afirma que se usó un modelo cuando no fue así.",
  },
  workflows: {
    title: "Pensado para cada forma de trabajo",
    lead: "Ya publiques para ti, para tus clientes o para tu tienda, Sightline se adapta a tu manera de trabajar.",
    items: {
      creators: {
        title: "Creadores e influencers",
        text: "Crece con tus propios datos en lugar de suposiciones.",
        points: [
          "Mejores horas según la actividad de tus seguidores",
          "Ideas de contenido del Creator",
          "Todos tus mensajes en un lugar",
        ],
        link: "/solutions/creators",
      },
      agencies: {
        title: "Agencias",
        text: "Gestiona varias cuentas de clientes e informa con claridad.",
        points: [
          "Hasta 10 cuentas de Instagram con Premium",
          "Miembros del equipo e informes para clientes",
          "Un calendario por cuenta",
        ],
        link: "/solutions/agencies",
      },
      smbEcommerce: {
        title: "Pymes y comercio electrónico",
        text: "Convierte las preguntas en comentarios y mensajes en ventas.",
        points: [
          "Mensajes con intención de compra primero",
          "Respuestas guardadas para envíos y tallas",
          "Automatizaciones por palabra clave para lanzamientos",
        ],
        link: "/solutions/smb-ecommerce",
      },
      startups: {
        title: "Startups",
        text: "Construye una audiencia desde el primer día y aprende rápido.",
        points: [
          "Plan semanal del Manager",
          "Radar de prensa para tu marca",
          "Referencias por tipo de publicación",
        ],
        link: "/solutions/startups",
      },
    },
  },
  plans: {
    eyebrow: "Planes",
    title: "Empieza gratis y mejora tu plan cuando lo necesites",
    lead: "Cuatro planes, descritos por lo que desbloquea cada uno. Empieza con Free y cambia de plan desde Ajustes cuando quieras.",
    capability: "Qué incluye",
    recommended: "El más completo",
    names: ["Free", "Starter", "Pro", "Premium"],
    taglines: [
      "Prueba Sightline con una cuenta",
      "Para creadores que publican cada semana",
      "Para marcas en crecimiento que automatizan",
      "Para agencias y equipos",
    ],
    rows: [
      { label: "Cuentas de Instagram", values: ["1", "1", "3", "10"] },
      { label: "Historial de estadísticas", values: ["30 días", "90 días", "2 años", "2 años"] },
      {
        label:
          "Estadísticas avanzadas (demografía, rendimiento de hashtags, referencias, exportación CSV)",
        values: ["–", "–", "yes", "yes"],
      },
      {
        label: "Publicaciones programadas al mes",
        values: ["10", "Ilimitadas", "Ilimitadas", "Ilimitadas"],
      },
      {
        label: "Textos con IA y horarios sugeridos por IA",
        values: ["5 al mes", "yes", "yes", "yes"],
      },
      {
        label: "Equipo de IA",
        values: ["Solo Analyst", "Los cinco roles", "Los cinco roles", "Los cinco roles"],
      },
      {
        label: "Hashtags del radar de tendencias / palabras clave del radar de prensa",
        values: ["3 / 1", "10 / 3", "30 / 10", "30 / 30"],
      },
      { label: "Automatizaciones y respuesta automática", values: ["–", "–", "yes", "yes"] },
      { label: "Miembros del equipo, informes para clientes", values: ["–", "–", "–", "yes"] },
    ],
    yes: "Incluido",
    no: "No incluido",
    note: "Cuando una función necesita un plan superior, Sightline te dice qué plan la desbloquea.",
  },
  security: {
    title: "Seguridad y cumplimiento",
    lead: "Tu cuenta de Instagram y los mensajes de tu audiencia merecen cuidado. Así los tratamos.",
    items: [
      {
        title: "Acceso cifrado y revocable",
        text: "Los tokens de acceso de Instagram se guardan cifrados con AES-256-GCM. Al desconectar en Ajustes, se revocan y se eliminan.",
      },
      {
        title: "Solo API oficiales",
        text: "Sightline se conecta con el OAuth oficial de Meta y la Graph API, y verifica la firma de cada webhook.",
      },
      {
        title: "Inicio de sesión seguro",
        text: "Las contraseñas se guardan con hash. La verificación en dos pasos funciona con una app de autenticación, un código por teléfono o una llave de acceso.",
      },
      {
        title: "Tus datos son tuyos",
        text: "Cada consulta se limita al usuario que inició sesión. Nunca vendemos datos y el sitio no tiene rastreadores publicitarios de terceros.",
      },
      {
        title: "Elimínalo todo cuando quieras",
        text: "Elimina tu cuenta en Ajustes y todo se borra al instante; las copias de seguridad se sobrescriben en un plazo de 30 días.",
      },
      {
        title: "Pensado para las reglas de Meta",
        text: "La publicación respeta los límites y cuotas de Instagram, y los mensajes directos solo se responden dentro de la ventana de 24 horas.",
      },
    ],
    linksTitle: "Lee los detalles",
    privacy: "Política de privacidad",
    terms: "Términos del servicio",
    dataDeletion: "Eliminación de datos",
  },
  faq: {
    eyebrow: "Preguntas",
    title: "Preguntas frecuentes",
    lead: "¿No encuentras tu respuesta? Nuestro equipo de soporte responde a cada mensaje.",
    entries: [
      {
        question: "¿Necesito una tarjeta de crédito para empezar?",
        answer:
          "No. No necesitas tarjeta de crédito para empezar. Crea una cuenta, conecta Instagram y usa el plan Free todo el tiempo que quieras.",
      },
      {
        question: "¿Es seguro el acceso a mi Instagram?",
        answer:
          "Sí. Los tokens de acceso se cifran con AES-256-GCM y se pueden revocar en cualquier momento: desconecta Instagram en Ajustes y el token se revoca y se elimina, o quita Sightline de «Apps y sitios web» en Instagram.",
      },
      {
        question: "¿Qué redes sociales son compatibles?",
        answer:
          "Hoy solo Instagram, para cuentas de empresa y de creador. Facebook, Threads, TikTok, YouTube, LinkedIn, Pinterest y X llegarán próximamente.",
      },
      {
        question: "¿Necesito una cuenta de empresa o de creador?",
        answer:
          "Sí. La API de Meta solo ofrece estadísticas y mensajería para cuentas profesionales. Cambiar una cuenta personal a una de creador o de empresa es gratis en los ajustes de Instagram y lleva un minuto.",
      },
      {
        question: "¿Sightline publicará algo sin mí?",
        answer:
          "No. Sightline solo publica lo que tú publicas o programas. Cada intento queda registrado y una publicación nunca se publica dos veces.",
      },
      {
        question: "¿La IA se inventa cosas?",
        answer:
          "El equipo de IA trabaja con datos calculados a partir de tu cuenta y los muestra junto a cada respuesta. Si no hay un proveedor de IA configurado, un motor integrado redacta los mismos datos con texto de plantilla, y lo indica.",
      },
      {
        question: "¿Por qué no veo la demografía de mi audiencia?",
        answer:
          "Meta solo ofrece datos de edad, género y ubicación para cuentas con al menos 100 seguidores. Sightline los muestra en cuanto Instagram los ofrece.",
      },
      {
        question: "¿Puedo gestionar varias cuentas o clientes?",
        answer:
          "Sí. Pro conecta hasta 3 cuentas de Instagram y Premium hasta 10, con miembros del equipo e informes para clientes.",
      },
    ],
  },
  demo: {
    title: "Demo de Sightline",
    description: "Un recorrido breve por el panel, la bandeja, la programación y el equipo de IA.",
    close: "Cerrar la demo",
    loading: "Cargando el video...",
  },
};

export const landingCopy = defineCopy("marketing-landing", { en, es });
