import { defineCopy } from "./define-copy.ts";

interface NavItem {
  title: string;
  description: string;
}

export interface CommonCopy {
  skipToContent: string;
  homeLabel: string;
  nav: {
    label: string;
    features: string;
    integrations: string;
    solutions: string;
    investors: string;
    resources: string;
    logIn: string;
    getStarted: string;
    openMenu: string;
    menuTitle: string;
    allFeatures: string;
    allChannels: string;
    featureItems: Record<
      | "overview"
      | "messagesInbox"
      | "aiInsights"
      | "audienceInsights"
      | "postPerformance"
      | "automations",
      NavItem
    >;
    solutionItems: Record<"creators" | "agencies" | "smbEcommerce" | "startups", NavItem>;
    resourceItems: Record<
      "blog" | "templates" | "freeTools" | "socialMediaInsights" | "community" | "support",
      NavItem
    >;
    integrationsMenu: {
      instagramTitle: string;
      instagramDescription: string;
      comingSoonTitle: string;
      comingSoonDescription: string;
    };
  };
  language: {
    label: string;
    current: string;
    english: string;
    spanish: string;
  };
  channels: {
    available: string;
    comingSoon: string;
    connectInstagram: string;
  };
  cta: {
    getStartedFree: string;
    getStartedFreeTitle: string;
    watchDemo: string;
    noCard: string;
    closingTitle: string;
    closingText: string;
    closingPoints: string[];
  };
  footer: {
    tagline: string;
    product: string;
    solutions: string;
    resources: string;
    company: string;
    legal: string;
    investors: string;
    support: string;
    developers: string;
    privacy: string;
    terms: string;
    dataDeletion: string;
    companyLine: string;
    supportLine: string;
    copyright: string;
    socialTitle: string;
    social: Record<"instagram" | "x" | "linkedin" | "youtube", string>;
  };
  labels: {
    sampleData: string;
    onThisPage: string;
    related: string;
    readArticle: string;
    minRead: string;
    lastUpdated: string;
    learnMore: string;
    explore: string;
    faqTitle: string;
    moreFeatures: string;
    otherSolutions: string;
  };
}

const en: CommonCopy = {
  skipToContent: "Skip to content",
  homeLabel: "Sightline home",
  nav: {
    label: "Main",
    features: "Features",
    integrations: "Integrations",
    solutions: "Solutions",
    investors: "Investors",
    resources: "Resources",
    logIn: "Log in",
    getStarted: "Get started free",
    openMenu: "Open menu",
    menuTitle: "Menu",
    allFeatures: "Explore every feature",
    allChannels: "See all channels",
    featureItems: {
      overview: {
        title: "Overview",
        description: "Analytics, inbox, scheduling and the AI team in one place.",
      },
      messagesInbox: {
        title: "Messages inbox",
        description: "DMs and comments in one list, answered inside the 24-hour window.",
      },
      aiInsights: {
        title: "AI insights",
        description: "Five AI roles that explain your numbers and show the facts.",
      },
      audienceInsights: {
        title: "Audience insights",
        description: "Age, gender, places and the hours your followers are online.",
      },
      postPerformance: {
        title: "Post performance",
        description: "Every post's reach, saves and shares, with benchmarks per type.",
      },
      automations: {
        title: "Automations",
        description: "Keyword replies and private-reply DMs with built-in safety limits.",
      },
    },
    solutionItems: {
      creators: {
        title: "Creators",
        description: "Grow with your own data and spend less time on admin.",
      },
      agencies: {
        title: "Agencies",
        description: "Manage several client accounts and send clear reports.",
      },
      smbEcommerce: {
        title: "Small business & e-commerce",
        description: "Turn questions in DMs and comments into sales.",
      },
      startups: {
        title: "Startups",
        description: "Build an audience from day one and learn what works fast.",
      },
    },
    resourceItems: {
      blog: { title: "Blog", description: "Guides on analytics, content and automation." },
      templates: {
        title: "Templates",
        description: "Caption packs and content calendars to download.",
      },
      freeTools: {
        title: "Free tools",
        description: "Engagement rate, hashtag and caption checkers.",
      },
      socialMediaInsights: {
        title: "Social media insights",
        description: "What Instagram's metrics mean and the limits to know.",
      },
      community: { title: "Community", description: "Share feedback and shape the roadmap." },
      support: { title: "Support", description: "Answers to common questions and a contact form." },
    },
    integrationsMenu: {
      instagramTitle: "Instagram",
      instagramDescription:
        "Business and Creator accounts, connected through Meta's official login.",
      comingSoonTitle: "Coming soon",
      comingSoonDescription: "More channels are on the way.",
    },
  },
  language: {
    label: "Language",
    current: "English",
    english: "English",
    spanish: "Español",
  },
  channels: {
    available: "Available",
    comingSoon: "Coming soon",
    connectInstagram: "Connect Instagram",
  },
  cta: {
    getStartedFree: "Get Started Free",
    getStartedFreeTitle: "Get started free",
    watchDemo: "Watch Demo",
    noCard: "No credit card needed",
    closingTitle: "See what your Instagram data has been trying to tell you",
    closingText:
      "Create your free account, connect Instagram in a few clicks and get your first insights today.",
    closingPoints: [
      "No credit card needed",
      "Free plan for one Instagram account",
      "Disconnect at any time",
    ],
  },
  footer: {
    tagline:
      "Analytics, a unified inbox and scheduling for Instagram Business and Creator accounts, with an AI team that explains your numbers.",
    product: "Product",
    solutions: "Solutions",
    resources: "Resources",
    company: "Company",
    legal: "Legal",
    investors: "Investors",
    support: "Support",
    developers: "Developers",
    privacy: "Privacy policy",
    terms: "Terms of service",
    dataDeletion: "Data deletion",
    companyLine:
      "Sightline is operated by Sightline Analytics LLC, a Delaware (US) limited liability company.",
    supportLine: "Support:",
    copyright: "© {year} Sightline Analytics LLC. All rights reserved.",
    socialTitle: "Follow Sightline",
    social: {
      instagram: "Sightline on Instagram",
      x: "Sightline on X",
      linkedin: "Sightline on LinkedIn",
      youtube: "Sightline on YouTube",
    },
  },
  labels: {
    sampleData: "Sample data",
    onThisPage: "On this page",
    related: "Keep reading",
    readArticle: "Read the article",
    minRead: "{n} min read",
    lastUpdated: "Last updated",
    learnMore: "Learn more about {topic}",
    explore: "Learn more",
    moreFeatures: "More features",
    otherSolutions: "Sightline for other teams",
    faqTitle: "Frequently asked questions",
  },
};

const es: CommonCopy = {
  skipToContent: "Saltar al contenido",
  homeLabel: "Inicio de Sightline",
  nav: {
    label: "Principal",
    features: "Funciones",
    integrations: "Integraciones",
    solutions: "Soluciones",
    investors: "Inversionistas",
    resources: "Recursos",
    logIn: "Iniciar sesión",
    getStarted: "Empieza gratis",
    openMenu: "Abrir menú",
    menuTitle: "Menú",
    allFeatures: "Ver todas las funciones",
    allChannels: "Ver todos los canales",
    featureItems: {
      overview: {
        title: "Resumen",
        description: "Estadísticas, bandeja, programación y el equipo de IA en un solo lugar.",
      },
      messagesInbox: {
        title: "Bandeja de mensajes",
        description:
          "Mensajes directos y comentarios en una lista, respondidos dentro de la ventana de 24 horas.",
      },
      aiInsights: {
        title: "Análisis con IA",
        description: "Cinco roles de IA que explican tus números y muestran los datos.",
      },
      audienceInsights: {
        title: "Datos de la audiencia",
        description: "Edad, género, lugares y las horas en que tus seguidores están conectados.",
      },
      postPerformance: {
        title: "Rendimiento de publicaciones",
        description:
          "Alcance, guardados y compartidos de cada publicación, con referencias por tipo.",
      },
      automations: {
        title: "Automatizaciones",
        description: "Respuestas por palabra clave y respuestas privadas con límites de seguridad.",
      },
    },
    solutionItems: {
      creators: {
        title: "Creadores",
        description: "Crece con tus propios datos y dedica menos tiempo a tareas administrativas.",
      },
      agencies: {
        title: "Agencias",
        description: "Gestiona varias cuentas de clientes y envía informes claros.",
      },
      smbEcommerce: {
        title: "Pymes y comercio electrónico",
        description: "Convierte las preguntas en mensajes y comentarios en ventas.",
      },
      startups: {
        title: "Startups",
        description: "Construye una audiencia desde el primer día y aprende rápido qué funciona.",
      },
    },
    resourceItems: {
      blog: { title: "Blog", description: "Guías sobre estadísticas, contenido y automatización." },
      templates: {
        title: "Plantillas",
        description: "Paquetes de textos y calendarios de contenido para descargar.",
      },
      freeTools: {
        title: "Herramientas gratis",
        description: "Calculadora de interacción y comprobadores de hashtags y textos.",
      },
      socialMediaInsights: {
        title: "Claves de redes sociales",
        description: "Qué significan las métricas de Instagram y qué límites conviene conocer.",
      },
      community: {
        title: "Comunidad",
        description: "Comparte tu opinión y ayuda a definir la hoja de ruta.",
      },
      support: {
        title: "Soporte",
        description: "Respuestas a preguntas frecuentes y un formulario de contacto.",
      },
    },
    integrationsMenu: {
      instagramTitle: "Instagram",
      instagramDescription:
        "Cuentas de empresa y de creador, conectadas con el inicio de sesión oficial de Meta.",
      comingSoonTitle: "Próximamente",
      comingSoonDescription: "Más canales están en camino.",
    },
  },
  language: {
    label: "Idioma",
    current: "Español",
    english: "English",
    spanish: "Español",
  },
  channels: {
    available: "Disponible",
    comingSoon: "Próximamente",
    connectInstagram: "Conectar Instagram",
  },
  cta: {
    getStartedFree: "Empieza gratis",
    getStartedFreeTitle: "Empieza gratis",
    watchDemo: "Ver demo",
    noCard: "Sin tarjeta de crédito",
    closingTitle: "Descubre lo que tus datos de Instagram intentan decirte",
    closingText:
      "Crea tu cuenta gratis, conecta Instagram en pocos clics y obtén tus primeras conclusiones hoy mismo.",
    closingPoints: [
      "Sin tarjeta de crédito",
      "Plan gratuito para una cuenta de Instagram",
      "Desconéctate cuando quieras",
    ],
  },
  footer: {
    tagline:
      "Estadísticas, una bandeja de entrada unificada y programación para cuentas de empresa y de creador de Instagram, con un equipo de IA que explica tus números.",
    product: "Producto",
    solutions: "Soluciones",
    resources: "Recursos",
    company: "Empresa",
    legal: "Legal",
    investors: "Inversionistas",
    support: "Soporte",
    developers: "Desarrolladores",
    privacy: "Política de privacidad",
    terms: "Términos del servicio",
    dataDeletion: "Eliminación de datos",
    companyLine:
      "Sightline es operado por Sightline Analytics LLC, una sociedad de responsabilidad limitada de Delaware (EE. UU.).",
    supportLine: "Soporte:",
    copyright: "© {year} Sightline Analytics LLC. Todos los derechos reservados.",
    socialTitle: "Sigue a Sightline",
    social: {
      instagram: "Sightline en Instagram",
      x: "Sightline en X",
      linkedin: "Sightline en LinkedIn",
      youtube: "Sightline en YouTube",
    },
  },
  labels: {
    sampleData: "Datos de ejemplo",
    onThisPage: "En esta página",
    related: "Sigue leyendo",
    readArticle: "Leer el artículo",
    minRead: "{n} min de lectura",
    lastUpdated: "Última actualización",
    learnMore: "Más información sobre {topic}",
    explore: "Más información",
    moreFeatures: "Más funciones",
    otherSolutions: "Sightline para otros equipos",
    faqTitle: "Preguntas frecuentes",
  },
};

export const commonCopy = defineCopy("marketing-common", { en, es });
