import { defineCopy } from "./define-copy.ts";

export interface MockupsCopy {
  sample: string;
  dashboardLabel: string;
  inboxLabel: string;
  calendarLabel: string;
  audienceLabel: string;
  postsLabel: string;
  automationLabel: string;
  aiLabel: string;
  nav: string[];
  dashboard: {
    title: string;
    period: string;
    newPost: string;
    kpis: { label: string; value: string; delta: string; up: boolean }[];
    chartTitle: string;
    chartLegend: [string, string];
    analystTitle: string;
    analystText: string;
    analystFacts: string[];
    upcomingTitle: string;
    upcoming: { time: string; caption: string; type: string }[];
  };
  inbox: {
    filters: string[];
    conversations: {
      name: string;
      preview: string;
      time: string;
      kind: "dm" | "comment";
      unread: boolean;
    }[];
    threadName: string;
    window: string;
    messages: { from: "them" | "me"; text: string; time: string }[];
    suggestion: string;
    suggestionLabel: string;
    replyPlaceholder: string;
    send: string;
  };
  calendar: {
    title: string;
    days: string[];
    bestTime: string;
    posts: {
      day: number;
      time: string;
      type: string;
      status: "scheduled" | "published" | "draft";
    }[];
    statuses: Record<"scheduled" | "published" | "draft", string>;
  };
  audience: {
    heatmapTitle: string;
    days: string[];
    hours: string[];
    ageTitle: string;
    ages: { range: string; women: number; men: number }[];
    women: string;
    men: string;
    countriesTitle: string;
    countries: { name: string; share: number }[];
  };
  posts: {
    columns: [string, string, string, string, string];
    rows: { caption: string; type: string; reach: string; saves: string; rate: string }[];
    benchmark: string;
  };
  automation: {
    title: string;
    active: string;
    when: string;
    trigger: string;
    thenLabel: string;
    actions: string[];
    guard: string;
    logTitle: string;
    log: { who: string; result: string; time: string }[];
  };
  ai: {
    roles: { name: string; task: string }[];
    cardTitle: string;
    cardText: string;
    facts: string[];
    factsLabel: string;
  };
}

const en: MockupsCopy = {
  sample: "Sample data",
  dashboardLabel:
    "The Sightline dashboard with sample data: KPI cards, a reach chart and the Analyst's summary",
  inboxLabel:
    "The Sightline inbox with sample conversations: comments and direct messages in one list",
  calendarLabel:
    "The Sightline content calendar with a sample week of scheduled and published posts",
  audienceLabel:
    "Audience insights with sample data: active hours heatmap, age and gender, top countries",
  postsLabel: "Post performance with sample posts: reach, saves and engagement rate per post",
  automationLabel:
    "An automation rule with sample runs: a keyword in a comment sends a private reply",
  aiLabel: "The AI team with a sample Analyst explanation and the facts behind it",
  nav: [
    "Dashboard",
    "Audience Insights",
    "Post Performance",
    "Content Scheduler",
    "Messages",
    "Trend Radar",
    "Press Radar",
    "Settings",
  ],
  dashboard: {
    title: "Dashboard",
    period: "Last 28 days",
    newPost: "New",
    kpis: [
      { label: "Followers", value: "12,480", delta: "+3.2%", up: true },
      { label: "Reach", value: "86.4K", delta: "+12.5%", up: true },
      { label: "Engagement rate", value: "4.8%", delta: "+0.6 pts", up: true },
      { label: "Profile visits", value: "2,310", delta: "−1.8%", up: false },
    ],
    chartTitle: "Reach per day",
    chartLegend: ["This period", "Previous period"],
    analystTitle: "Analyst",
    analystText:
      "Reach rose 12.5%. Three reels posted on Tuesday evenings drove most of the increase.",
    analystFacts: ["3 reels: 61% of new reach", "Tuesday 19:00–21:00 best slot"],
    upcomingTitle: "Up next",
    upcoming: [
      { time: "Tue 19:30", caption: "Behind the scenes: packing orders", type: "Reel" },
      { time: "Thu 12:00", caption: "5 ways to style the linen shirt", type: "Carousel" },
    ],
  },
  inbox: {
    filters: ["All", "Direct messages", "Comments", "Unread"],
    conversations: [
      {
        name: "maria.bakes",
        preview: "Do you ship to Canada?",
        time: "2m",
        kind: "dm",
        unread: true,
      },
      {
        name: "jon_travels",
        preview: "Commented: Which lens is this?",
        time: "14m",
        kind: "comment",
        unread: true,
      },
      {
        name: "studio.nine",
        preview: "Thanks, order received!",
        time: "1h",
        kind: "dm",
        unread: false,
      },
      {
        name: "lena.k",
        preview: "Commented: Love this colour",
        time: "3h",
        kind: "comment",
        unread: false,
      },
    ],
    threadName: "maria.bakes",
    window: "Reply window: 23 h left",
    messages: [
      { from: "them", text: "Hi! Do you ship to Canada?", time: "10:42" },
      { from: "them", text: "And how long does it usually take?", time: "10:42" },
    ],
    suggestionLabel: "Suggested by the Secretary",
    suggestion: "Yes, we ship to Canada. Orders arrive in 5–8 business days.",
    replyPlaceholder: "Write a reply…",
    send: "Send",
  },
  calendar: {
    title: "This week",
    days: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
    bestTime: "Best time",
    posts: [
      { day: 0, time: "09:00", type: "Image", status: "published" },
      { day: 1, time: "19:30", type: "Reel", status: "scheduled" },
      { day: 3, time: "12:00", type: "Carousel", status: "scheduled" },
      { day: 4, time: "18:00", type: "Reel", status: "draft" },
      { day: 5, time: "10:00", type: "Carousel", status: "scheduled" },
    ],
    statuses: { scheduled: "Scheduled", published: "Published", draft: "Draft" },
  },
  audience: {
    heatmapTitle: "When your followers are online",
    days: ["M", "T", "W", "T", "F", "S", "S"],
    hours: ["6", "9", "12", "15", "18", "21"],
    ageTitle: "Age and gender",
    ages: [
      { range: "18–24", women: 18, men: 11 },
      { range: "25–34", women: 27, men: 16 },
      { range: "35–44", women: 12, men: 8 },
      { range: "45+", women: 5, men: 3 },
    ],
    women: "Women",
    men: "Men",
    countriesTitle: "Top countries",
    countries: [
      { name: "United States", share: 38 },
      { name: "United Kingdom", share: 14 },
      { name: "Canada", share: 9 },
    ],
  },
  posts: {
    columns: ["Post", "Type", "Reach", "Saves", "Eng. rate"],
    rows: [
      {
        caption: "Morning routine in 30 seconds",
        type: "Reel",
        reach: "24.1K",
        saves: "812",
        rate: "7.9%",
      },
      {
        caption: "Spring lookbook, part 2",
        type: "Carousel",
        reach: "15.6K",
        saves: "1,204",
        rate: "6.4%",
      },
      {
        caption: "New studio, first look",
        type: "Image",
        reach: "8.2K",
        saves: "96",
        rate: "3.1%",
      },
      {
        caption: "How we pack every order",
        type: "Video",
        reach: "6.9K",
        saves: "143",
        rate: "2.7%",
      },
    ],
    benchmark: "Reels: median reach 2.1× your images",
  },
  automation: {
    title: "Send the guide",
    active: "Active",
    when: "When",
    trigger: "A comment contains “GUIDE”",
    thenLabel: "Then",
    actions: ["Reply to the comment", "Send a private reply with the link"],
    guard: "At most once per person per post",
    logTitle: "Recent runs",
    log: [
      { who: "ana.designs", result: "Private reply sent", time: "2m" },
      { who: "mike_ok", result: "Skipped: already answered", time: "9m" },
      { who: "the.plant.room", result: "Private reply sent", time: "21m" },
    ],
  },
  ai: {
    roles: [
      { name: "Manager", task: "Weekly plan" },
      { name: "Secretary", task: "Inbox triage" },
      { name: "Mentor", task: "Growth coaching" },
      { name: "Creator", task: "Content ideas" },
      { name: "Analyst", task: "What changed" },
    ],
    cardTitle: "Why did reach drop last week?",
    cardText:
      "Reach fell 18% because you posted 2 times instead of your usual 5, and none were reels. Your two carousels performed at your median.",
    factsLabel: "Facts used",
    facts: ["Posts: 2 (usual 5)", "Reels: 0 (usual 2)", "Carousel reach: at median"],
  },
};

const es: MockupsCopy = {
  sample: "Datos de ejemplo",
  dashboardLabel:
    "El panel de Sightline con datos de ejemplo: tarjetas de indicadores, un gráfico de alcance y el resumen del Analista",
  inboxLabel:
    "La bandeja de Sightline con conversaciones de ejemplo: comentarios y mensajes directos en una lista",
  calendarLabel:
    "El calendario de contenido de Sightline con una semana de ejemplo de publicaciones programadas y publicadas",
  audienceLabel:
    "Datos de la audiencia con datos de ejemplo: mapa de horas activas, edad y género, países principales",
  postsLabel:
    "Rendimiento de publicaciones de ejemplo: alcance, guardados y tasa de interacción por publicación",
  automationLabel:
    "Una regla de automatización con ejecuciones de ejemplo: una palabra clave en un comentario envía una respuesta privada",
  aiLabel: "El equipo de IA con una explicación de ejemplo del Analista y los datos en que se basa",
  nav: [
    "Panel",
    "Audiencia",
    "Rendimiento",
    "Programación",
    "Mensajes",
    "Radar de tendencias",
    "Radar de prensa",
    "Ajustes",
  ],
  dashboard: {
    title: "Panel",
    period: "Últimos 28 días",
    newPost: "Nueva",
    kpis: [
      { label: "Seguidores", value: "12.480", delta: "+3,2 %", up: true },
      { label: "Alcance", value: "86,4 mil", delta: "+12,5 %", up: true },
      { label: "Tasa de interacción", value: "4,8 %", delta: "+0,6 pts", up: true },
      { label: "Visitas al perfil", value: "2310", delta: "−1,8 %", up: false },
    ],
    chartTitle: "Alcance por día",
    chartLegend: ["Este periodo", "Periodo anterior"],
    analystTitle: "Analyst",
    analystText:
      "El alcance subió un 12,5 %. Tres reels publicados los martes por la tarde explican la mayor parte del aumento.",
    analystFacts: ["3 reels: 61 % del alcance nuevo", "Martes 19:00–21:00, mejor franja"],
    upcomingTitle: "Próximas",
    upcoming: [
      { time: "Mar 19:30", caption: "Detrás de cámaras: preparando pedidos", type: "Reel" },
      { time: "Jue 12:00", caption: "5 formas de combinar la camisa de lino", type: "Carrusel" },
    ],
  },
  inbox: {
    filters: ["Todo", "Mensajes directos", "Comentarios", "Sin leer"],
    conversations: [
      {
        name: "maria.bakes",
        preview: "¿Hacen envíos a Canadá?",
        time: "2 min",
        kind: "dm",
        unread: true,
      },
      {
        name: "jon_travels",
        preview: "Comentó: ¿Qué lente es?",
        time: "14 min",
        kind: "comment",
        unread: true,
      },
      {
        name: "studio.nine",
        preview: "¡Gracias, pedido recibido!",
        time: "1 h",
        kind: "dm",
        unread: false,
      },
      {
        name: "lena.k",
        preview: "Comentó: Me encanta este color",
        time: "3 h",
        kind: "comment",
        unread: false,
      },
    ],
    threadName: "maria.bakes",
    window: "Ventana de respuesta: quedan 23 h",
    messages: [
      { from: "them", text: "¡Hola! ¿Hacen envíos a Canadá?", time: "10:42" },
      { from: "them", text: "¿Y cuánto suele tardar?", time: "10:42" },
    ],
    suggestionLabel: "Sugerido por el Secretario (Secretary)",
    suggestion: "Sí, enviamos a Canadá. Los pedidos llegan en 5 a 8 días hábiles.",
    replyPlaceholder: "Escribe una respuesta…",
    send: "Enviar",
  },
  calendar: {
    title: "Esta semana",
    days: ["Lun", "Mar", "Mié", "Jue", "Vie", "Sáb", "Dom"],
    bestTime: "Mejor hora",
    posts: [
      { day: 0, time: "09:00", type: "Imagen", status: "published" },
      { day: 1, time: "19:30", type: "Reel", status: "scheduled" },
      { day: 3, time: "12:00", type: "Carrusel", status: "scheduled" },
      { day: 4, time: "18:00", type: "Reel", status: "draft" },
      { day: 5, time: "10:00", type: "Carrusel", status: "scheduled" },
    ],
    statuses: { scheduled: "Programada", published: "Publicada", draft: "Borrador" },
  },
  audience: {
    heatmapTitle: "Cuándo están conectados tus seguidores",
    days: ["L", "M", "X", "J", "V", "S", "D"],
    hours: ["6", "9", "12", "15", "18", "21"],
    ageTitle: "Edad y género",
    ages: [
      { range: "18–24", women: 18, men: 11 },
      { range: "25–34", women: 27, men: 16 },
      { range: "35–44", women: 12, men: 8 },
      { range: "45+", women: 5, men: 3 },
    ],
    women: "Mujeres",
    men: "Hombres",
    countriesTitle: "Países principales",
    countries: [
      { name: "Estados Unidos", share: 38 },
      { name: "Reino Unido", share: 14 },
      { name: "Canadá", share: 9 },
    ],
  },
  posts: {
    columns: ["Publicación", "Tipo", "Alcance", "Guardados", "Interacción"],
    rows: [
      {
        caption: "Rutina de la mañana en 30 segundos",
        type: "Reel",
        reach: "24,1 mil",
        saves: "812",
        rate: "7,9 %",
      },
      {
        caption: "Lookbook de primavera, parte 2",
        type: "Carrusel",
        reach: "15,6 mil",
        saves: "1204",
        rate: "6,4 %",
      },
      {
        caption: "Nuevo estudio, primer vistazo",
        type: "Imagen",
        reach: "8,2 mil",
        saves: "96",
        rate: "3,1 %",
      },
      {
        caption: "Así empacamos cada pedido",
        type: "Video",
        reach: "6,9 mil",
        saves: "143",
        rate: "2,7 %",
      },
    ],
    benchmark: "Reels: alcance mediano 2,1× el de tus imágenes",
  },
  automation: {
    title: "Enviar la guía",
    active: "Activa",
    when: "Cuando",
    trigger: "Un comentario contiene «GUÍA»",
    thenLabel: "Entonces",
    actions: ["Responder al comentario", "Enviar una respuesta privada con el enlace"],
    guard: "Como máximo una vez por persona y publicación",
    logTitle: "Ejecuciones recientes",
    log: [
      { who: "ana.designs", result: "Respuesta privada enviada", time: "2 min" },
      { who: "mike_ok", result: "Omitida: ya respondida", time: "9 min" },
      { who: "the.plant.room", result: "Respuesta privada enviada", time: "21 min" },
    ],
  },
  ai: {
    roles: [
      { name: "Manager", task: "Plan semanal" },
      { name: "Secretary", task: "Orden de la bandeja" },
      { name: "Mentor", task: "Consejos de crecimiento" },
      { name: "Creator", task: "Ideas de contenido" },
      { name: "Analyst", task: "Qué cambió" },
    ],
    cardTitle: "¿Por qué bajó el alcance la semana pasada?",
    cardText:
      "El alcance cayó un 18 % porque publicaste 2 veces en lugar de tus 5 habituales, y ninguna fue un reel. Tus dos carruseles rindieron en tu mediana.",
    factsLabel: "Datos usados",
    facts: [
      "Publicaciones: 2 (habitual 5)",
      "Reels: 0 (habitual 2)",
      "Alcance de carruseles: en la mediana",
    ],
  },
};

export const mockupsCopy = defineCopy("marketing-mockups", { en, es });
