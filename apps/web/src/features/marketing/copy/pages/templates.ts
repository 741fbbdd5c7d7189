import type { CalendarPlan, CaptionPack, PlannerCopy } from "../../utils/templates.ts";
import { defineCopy } from "../define-copy.ts";

export interface TemplatesCopy {
  meta: { title: string; description: string };
  eyebrow: string;
  title: string;
  lead: string;
  captionsTitle: string;
  captionsLead: string;
  captionIntro: string;
  templatesCount: string;
  preview: string;
  downloadTxt: string;
  packs: CaptionPack[];
  calendarsTitle: string;
  calendarsLead: string;
  startDate: string;
  downloadCsv: string;
  downloadMd: string;
  downloaded: string;
  calendars: {
    month: {
      title: string;
      description: string;
      filename: string;
      days: number;
      plan: CalendarPlan;
    };
    launch: {
      title: string;
      description: string;
      filename: string;
      days: number;
      plan: CalendarPlan;
    };
    planner: { title: string; description: string; filename: string; copy: PlannerCopy };
  };
  howTitle: string;
  how: { title: string; text: string }[];
}

const columnsEn = {
  date: "Date",
  weekday: "Weekday",
  pillar: "Content pillar",
  format: "Format",
  idea: "Post idea",
  hook: "Caption hook",
  cta: "Call to action",
  status: "Status",
};

const columnsEs = {
  date: "Fecha",
  weekday: "Día",
  pillar: "Pilar de contenido",
  format: "Formato",
  idea: "Idea de publicación",
  hook: "Gancho del texto",
  cta: "Llamada a la acción",
  status: "Estado",
};

const en: TemplatesCopy = {
  meta: {
    title: "Free Instagram caption templates and content calendars",
    description:
      "Download free Instagram caption template packs (launch, educational, behind the scenes, community) and content calendars as CSV and Markdown, generated for your start date.",
  },
  eyebrow: "Templates",
  title: "Caption templates and content calendars, free to download",
  lead: "Fill-in-the-blanks captions for the posts you write most, and calendars that give your month a rhythm. Every file is generated in your browser when you click, for the start date you choose.",
  captionsTitle: "Caption template packs",
  captionsLead:
    "Each pack is a plain-text file of captions with [placeholders] to replace. Keep the structure, change the words, and stay well under Instagram's 2,200-character limit.",
  captionIntro:
    "How to use: replace every [placeholder], read the caption aloud once, and keep hashtags to the few that describe the post (Instagram allows up to 30).",
  templatesCount: "{n} templates",
  preview: "Preview the first template",
  downloadTxt: "Download .txt",
  packs: [
    {
      id: "product-launch",
      title: "Product launch",
      description: "Five captions that take a launch from teaser to thank-you.",
      templates: [
        {
          name: "Teaser",
          text: "Something we have been working on for [time] arrives on [date].\nOne hint: it solves [problem your audience has].\nTurn on notifications so you see it first.",
        },
        {
          name: "Reveal",
          text: "Meet [product name].\n[One sentence on what it does].\nMade for [who it is for], because [reason].\nAvailable [where] from [date]. Link in bio.",
        },
        {
          name: "How it works",
          text: "[Product name] in three steps:\n1. [Step one]\n2. [Step two]\n3. [Step three]\nQuestions? Ask in the comments and we will answer every one.",
        },
        {
          name: "Early access by keyword",
          text: "Want early access to [product name]?\nComment [KEYWORD] and we will send you the link by DM.\nOne message per person, no spam.",
        },
        {
          name: "Thank-you",
          text: "[Number] of you ordered [product name] in the first [time]. Thank you.\nWhat should we make next? Tell us below.",
        },
      ],
    },
    {
      id: "educational",
      title: "Educational carousel",
      description: "Structures for posts that teach something and get saved.",
      templates: [
        {
          name: "Mistakes to avoid",
          text: "[Number] [topic] mistakes I see every week (and what to do instead).\nSlide through, then save this for your next [task].\nWhich one have you made? Be honest.",
        },
        {
          name: "Step-by-step",
          text: "How to [achieve result] in [number] steps, even if [common obstacle].\nStep 1 is the one most people skip.\nSave this and try it this week.",
        },
        {
          name: "Myth vs fact",
          text: "Myth: [common belief].\nFact: [what is actually true], because [short reason].\nSend this to someone who still believes the myth.",
        },
        {
          name: "Checklist",
          text: "Before you [task], check these [number] things:\n✓ [Item one]\n✓ [Item two]\n✓ [Item three]\nSave the checklist so you have it next time.",
        },
        {
          name: "Explain the number",
          text: "What does [metric] actually mean?\nIn plain words: [simple definition].\nWhy it matters: [consequence].\nWhat to do: [one action].",
        },
      ],
    },
    {
      id: "behind-the-scenes",
      title: "Behind the scenes",
      description: "Captions that show the people and the process behind your work.",
      templates: [
        {
          name: "A day in the studio",
          text: "A normal [weekday] at [place]: [three things that happened].\nThe part nobody sees: [honest detail].\nWhat would you like to see more of?",
        },
        {
          name: "How it is made",
          text: "From [raw material] to [finished product] in [time].\nThe hardest part: [step].\nThe part we love: [step].",
        },
        {
          name: "Meet the team",
          text: "This is [name], our [role].\n[Name] makes sure [what they do].\nAsk [name] anything in the comments.",
        },
        {
          name: "Lesson learned",
          text: "We got [thing] wrong last [period].\nWhat happened: [short story].\nWhat we changed: [change].\nThanks to everyone who told us.",
        },
        {
          name: "Packing orders",
          text: "Packing today's orders for [places].\nEvery parcel gets [small detail].\nIf yours is in this video, tell us in the comments.",
        },
      ],
    },
    {
      id: "community",
      title: "Community and engagement",
      description: "Captions that start conversations without bait.",
      templates: [
        {
          name: "This or that",
          text: "[Option A] or [option B]?\nWe are choosing the next [thing] with your votes.\nAnswer in the comments with A or B.",
        },
        {
          name: "Ask the audience",
          text: "Question for you: [specific question about their experience]?\nWe read every answer and will share the most useful ones in a post next week.",
        },
        {
          name: "Feature a follower",
          text: "This week's favourite from our community: [@handle] with [what they made or did].\nWhat we love about it: [reason].\nShare yours with [#YourHashtag] to be featured.",
        },
        {
          name: "Milestone",
          text: "[Milestone]. We started [when/how] with [small beginning].\nThank you for [specific thing the community did].\nWhat should we celebrate with?",
        },
        {
          name: "Answer a question",
          text: 'You asked: "[question from a comment or DM]"\nShort answer: [answer].\nLonger answer in the slides. Keep the questions coming.',
        },
      ],
    },
  ],
  calendarsTitle: "Content calendar templates",
  calendarsLead:
    "Pick a start date and download. Spreadsheets open the CSV files directly; the Markdown planner works in any notes app.",
  startDate: "Start date",
  downloadCsv: "Download .csv",
  downloadMd: "Download .md",
  downloaded: "Downloaded {file}",
  calendars: {
    month: {
      title: "30-day content calendar",
      description:
        "Four posts a week for 30 days, rotating four content pillars and three formats, with a post idea, a caption hook and a call to action on each row.",
      filename: "sightline-30-day-content-calendar.csv",
      days: 30,
      plan: {
        columns: columnsEn,
        pillars: [
          {
            name: "Teach",
            ideas: [
              "A common mistake and its fix",
              "A step-by-step how-to",
              "A myth and the fact behind it",
              "A checklist to save",
            ],
          },
          {
            name: "Show",
            ideas: [
              "Behind the scenes of your process",
              "A day in your work",
              "Before and after",
              "How a product is made",
            ],
          },
          {
            name: "Community",
            ideas: [
              "Answer a question from your DMs",
              "Feature a follower",
              "This or that poll",
              "Ask your audience a question",
            ],
          },
          {
            name: "Offer",
            ideas: [
              "Your best product or service explained",
              "A customer question answered",
              "A limited offer or launch",
              "What is included and for whom",
            ],
          },
        ],
        formats: ["Reel", "Carousel", "Image"],
        hooks: [
          "Most people get this wrong:",
          "Save this for later:",
          "Here is what nobody tells you about",
          "You asked, so here it is:",
          "3 things I wish I knew about",
        ],
        ctas: [
          "Save this post",
          "Comment your answer",
          "Share it with a friend",
          "Visit the link in bio",
          "Send us a DM",
        ],
        status: "Idea",
        postingDays: [1, 2, 4, 6],
      },
    },
    launch: {
      title: "Two-week launch calendar",
      description:
        "Fourteen days from teaser to thank-you for a product, service or campaign: one post a day with the right pillar for each stage of the launch.",
      filename: "sightline-launch-calendar.csv",
      days: 14,
      plan: {
        columns: columnsEn,
        pillars: [
          {
            name: "Tease",
            ideas: ["Hint at the problem you solve", "Countdown with a detail shot"],
          },
          { name: "Reveal", ideas: ["Introduce the product", "Show it in use"] },
          { name: "Explain", ideas: ["How it works in three steps", "Answer the top questions"] },
          { name: "Prove", ideas: ["Show the making of", "Share first reactions you received"] },
          { name: "Invite", ideas: ["Early access by comment keyword", "Last day reminder"] },
          { name: "Thank", ideas: ["Thank the community", "Ask what to make next"] },
        ],
        formats: ["Reel", "Carousel", "Image", "Reel"],
        hooks: ["Something is coming:", "Meet", "How it works:", "You asked:", "Last chance:"],
        ctas: [
          "Turn on notifications",
          "Comment the keyword",
          "Visit the link in bio",
          "Save this post",
          "Send us a DM",
        ],
        status: "Planned",
        postingDays: [0, 1, 2, 3, 4, 5, 6],
      },
    },
    planner: {
      title: "Weekly planning template",
      description:
        "A four-week planner in Markdown with a table for each week and a checklist for planning, publishing and reviewing, to keep next to your calendar.",
      filename: "sightline-weekly-planner.md",
      copy: {
        title: "Weekly Instagram planner",
        intro:
          "Fill one table per week. Keep one experiment a week and write down what you learned on Friday.",
        weekLabel: "Week",
        columns: ["Day", "Content pillar", "Format", "Idea and hook", "Status"],
        days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        sections: [
          {
            title: "Before the week",
            prompts: [
              "Check last week's best post and why it worked",
              "Pick this week's single experiment",
              "Schedule posts at your best hours",
            ],
          },
          {
            title: "Every day",
            prompts: [
              "Answer DMs within 24 hours",
              "Reply to comments on new posts",
              "Note questions worth a post",
            ],
          },
          {
            title: "End of the week",
            prompts: [
              "Compare reach and engagement rate with last week",
              "Write down the experiment's result",
              "Move good ideas to next week",
            ],
          },
        ],
      },
    },
  },
  howTitle: "Make the templates your own",
  how: [
    {
      title: "Keep the structure, change the words",
      text: "Templates give you a shape: a hook, a reason to care and one action. Say it the way you speak and the caption will not sound like a template.",
    },
    {
      title: "One call to action per post",
      text: "Ask for one thing: save, comment, share or visit. Posts that ask for everything usually get nothing.",
    },
    {
      title: "Plan pillars, not only posts",
      text: "The calendars rotate a few content pillars so your feed stays varied. Adjust them to the three or four topics your audience follows you for.",
    },
    {
      title: "Measure and adjust",
      text: "After a month, compare each pillar's reach and engagement rate. Keep what works, replace what does not, and download a fresh calendar.",
    },
  ],
};

const es: TemplatesCopy = {
  meta: {
    title: "Plantillas gratis de textos para Instagram y calendarios de contenido",
    description:
      "Descarga gratis paquetes de plantillas de textos para Instagram (lanzamiento, educativo, detrás de cámaras, comunidad) y calendarios de contenido en CSV y Markdown, generados para tu fecha de inicio.",
  },
  eyebrow: "Plantillas",
  title: "Plantillas de textos y calendarios de contenido, gratis",
  lead: "Textos para completar en las publicaciones que más escribes y calendarios que dan ritmo a tu mes. Cada archivo se genera en tu navegador al hacer clic, para la fecha de inicio que elijas.",
  captionsTitle: "Paquetes de plantillas de textos",
  captionsLead:
    "Cada paquete es un archivo de texto con descripciones y [marcadores] para reemplazar. Mantén la estructura, cambia las palabras y quédate muy por debajo del límite de 2200 caracteres de Instagram.",
  captionIntro:
    "Cómo usarlas: reemplaza cada [marcador], lee el texto en voz alta una vez y usa solo los hashtags que describen la publicación (Instagram permite hasta 30).",
  templatesCount: "{n} plantillas",
  preview: "Vista previa de la primera plantilla",
  downloadTxt: "Descargar .txt",
  packs: [
    {
      id: "lanzamiento",
      title: "Lanzamiento de producto",
      description: "Cinco textos que llevan un lanzamiento del adelanto al agradecimiento.",
      templates: [
        {
          name: "Adelanto",
          text: "Algo en lo que trabajamos desde hace [tiempo] llega el [fecha].\nUna pista: resuelve [problema de tu audiencia].\nActiva las notificaciones para verlo primero.",
        },
        {
          name: "Presentación",
          text: "Te presentamos [nombre del producto].\n[Una frase sobre lo que hace].\nHecho para [para quién], porque [motivo].\nDisponible en [dónde] desde el [fecha]. Enlace en la biografía.",
        },
        {
          name: "Cómo funciona",
          text: "[Nombre del producto] en tres pasos:\n1. [Paso uno]\n2. [Paso dos]\n3. [Paso tres]\n¿Preguntas? Déjalas en los comentarios y responderemos todas.",
        },
        {
          name: "Acceso anticipado por palabra clave",
          text: "¿Quieres acceso anticipado a [nombre del producto]?\nComenta [PALABRA] y te enviamos el enlace por mensaje directo.\nUn mensaje por persona, sin spam.",
        },
        {
          name: "Agradecimiento",
          text: "[Número] de ustedes pidieron [nombre del producto] en [tiempo]. Gracias.\n¿Qué deberíamos hacer después? Cuéntanos abajo.",
        },
      ],
    },
    {
      id: "educativo",
      title: "Carrusel educativo",
      description: "Estructuras para publicaciones que enseñan algo y se guardan.",
      templates: [
        {
          name: "Errores que evitar",
          text: "[Número] errores de [tema] que veo cada semana (y qué hacer en su lugar).\nDesliza y guárdalo para tu próximo [tarea].\n¿Cuál has cometido? Sé honesto.",
        },
        {
          name: "Paso a paso",
          text: "Cómo [lograr resultado] en [número] pasos, aunque [obstáculo común].\nEl paso 1 es el que casi todos se saltan.\nGuárdalo y pruébalo esta semana.",
        },
        {
          name: "Mito o realidad",
          text: "Mito: [creencia común].\nRealidad: [lo que es cierto], porque [motivo breve].\nEnvíaselo a alguien que todavía cree el mito.",
        },
        {
          name: "Lista de verificación",
          text: "Antes de [tarea], revisa estas [número] cosas:\n✓ [Punto uno]\n✓ [Punto dos]\n✓ [Punto tres]\nGuarda la lista para la próxima vez.",
        },
        {
          name: "Explica el número",
          text: "¿Qué significa realmente [métrica]?\nEn palabras simples: [definición sencilla].\nPor qué importa: [consecuencia].\nQué hacer: [una acción].",
        },
      ],
    },
    {
      id: "detras-de-camaras",
      title: "Detrás de cámaras",
      description: "Textos que muestran a las personas y el proceso detrás de tu trabajo.",
      templates: [
        {
          name: "Un día en el estudio",
          text: "Un [día] normal en [lugar]: [tres cosas que pasaron].\nLo que nadie ve: [detalle honesto].\n¿Qué te gustaría ver más?",
        },
        {
          name: "Cómo se hace",
          text: "De [materia prima] a [producto terminado] en [tiempo].\nLa parte más difícil: [paso].\nLa parte que más nos gusta: [paso].",
        },
        {
          name: "Conoce al equipo",
          text: "Ella/Él es [nombre], nuestro/a [rol].\n[Nombre] se asegura de que [qué hace].\nPregúntale a [nombre] lo que quieras en los comentarios.",
        },
        {
          name: "Lección aprendida",
          text: "El [periodo] pasado nos equivocamos con [tema].\nQué pasó: [historia breve].\nQué cambiamos: [cambio].\nGracias a quienes nos lo dijeron.",
        },
        {
          name: "Preparando pedidos",
          text: "Preparando los pedidos de hoy para [lugares].\nCada paquete lleva [pequeño detalle].\nSi el tuyo sale en este video, cuéntanos en los comentarios.",
        },
      ],
    },
    {
      id: "comunidad",
      title: "Comunidad e interacción",
      description: "Textos que inician conversaciones sin recurrir al cebo.",
      templates: [
        {
          name: "Esto o aquello",
          text: "¿[Opción A] o [opción B]?\nElegimos el próximo [cosa] con tus votos.\nResponde en los comentarios con A o B.",
        },
        {
          name: "Pregunta a tu audiencia",
          text: "Una pregunta para ti: ¿[pregunta concreta sobre su experiencia]?\nLeemos todas las respuestas y compartiremos las más útiles en una publicación la próxima semana.",
        },
        {
          name: "Destaca a un seguidor",
          text: "La favorita de esta semana en nuestra comunidad: [@usuario] con [lo que hizo].\nLo que nos encanta: [motivo].\nComparte la tuya con [#TuHashtag] para salir destacado.",
        },
        {
          name: "Hito",
          text: "[Hito]. Empezamos [cuándo/cómo] con [comienzo pequeño].\nGracias por [algo concreto que hizo la comunidad].\n¿Cómo lo celebramos?",
        },
        {
          name: "Responde una pregunta",
          text: "Nos preguntaste: «[pregunta de un comentario o mensaje]»\nRespuesta corta: [respuesta].\nLa respuesta larga, en las diapositivas. Sigue preguntando.",
        },
      ],
    },
  ],
  calendarsTitle: "Plantillas de calendario de contenido",
  calendarsLead:
    "Elige una fecha de inicio y descarga. Las hojas de cálculo abren los archivos CSV directamente; el planificador en Markdown funciona en cualquier app de notas.",
  startDate: "Fecha de inicio",
  downloadCsv: "Descargar .csv",
  downloadMd: "Descargar .md",
  downloaded: "Descargado: {file}",
  calendars: {
    month: {
      title: "Calendario de contenido de 30 días",
      description:
        "Cuatro publicaciones por semana durante 30 días, rotando cuatro pilares de contenido y tres formatos, con una idea, un gancho y una llamada a la acción en cada fila.",
      filename: "sightline-calendario-30-dias.csv",
      days: 30,
      plan: {
        columns: columnsEs,
        pillars: [
          {
            name: "Enseñar",
            ideas: [
              "Un error común y cómo corregirlo",
              "Un paso a paso",
              "Un mito y la realidad",
              "Una lista para guardar",
            ],
          },
          {
            name: "Mostrar",
            ideas: [
              "Detrás de cámaras de tu proceso",
              "Un día de trabajo",
              "Antes y después",
              "Cómo se hace un producto",
            ],
          },
          {
            name: "Comunidad",
            ideas: [
              "Responde una pregunta de tus mensajes",
              "Destaca a un seguidor",
              "Encuesta de esto o aquello",
              "Haz una pregunta a tu audiencia",
            ],
          },
          {
            name: "Oferta",
            ideas: [
              "Tu mejor producto o servicio explicado",
              "La pregunta de un cliente respondida",
              "Una oferta limitada o un lanzamiento",
              "Qué incluye y para quién es",
            ],
          },
        ],
        formats: ["Reel", "Carrusel", "Imagen"],
        hooks: [
          "Casi todos se equivocan en esto:",
          "Guarda esto para después:",
          "Lo que nadie te cuenta sobre",
          "Lo pediste, aquí está:",
          "3 cosas que ojalá hubiera sabido sobre",
        ],
        ctas: [
          "Guarda esta publicación",
          "Comenta tu respuesta",
          "Compártela con alguien",
          "Visita el enlace de la biografía",
          "Escríbenos por mensaje",
        ],
        status: "Idea",
        postingDays: [1, 2, 4, 6],
      },
    },
    launch: {
      title: "Calendario de lanzamiento de dos semanas",
      description:
        "Catorce días del adelanto al agradecimiento para un producto, servicio o campaña: una publicación al día con el pilar adecuado para cada etapa.",
      filename: "sightline-calendario-lanzamiento.csv",
      days: 14,
      plan: {
        columns: columnsEs,
        pillars: [
          {
            name: "Anticipar",
            ideas: ["Insinúa el problema que resuelves", "Cuenta regresiva con un detalle"],
          },
          { name: "Presentar", ideas: ["Presenta el producto", "Muéstralo en uso"] },
          {
            name: "Explicar",
            ideas: ["Cómo funciona en tres pasos", "Responde las preguntas principales"],
          },
          {
            name: "Demostrar",
            ideas: ["Muestra cómo se hace", "Comparte las primeras reacciones"],
          },
          {
            name: "Invitar",
            ideas: ["Acceso anticipado con palabra clave", "Recordatorio del último día"],
          },
          { name: "Agradecer", ideas: ["Agradece a la comunidad", "Pregunta qué hacer después"] },
        ],
        formats: ["Reel", "Carrusel", "Imagen", "Reel"],
        hooks: [
          "Algo se acerca:",
          "Te presentamos",
          "Cómo funciona:",
          "Nos preguntaste:",
          "Última oportunidad:",
        ],
        ctas: [
          "Activa las notificaciones",
          "Comenta la palabra clave",
          "Visita el enlace de la biografía",
          "Guarda esta publicación",
          "Escríbenos por mensaje",
        ],
        status: "Planificada",
        postingDays: [0, 1, 2, 3, 4, 5, 6],
      },
    },
    planner: {
      title: "Plantilla de planificación semanal",
      description:
        "Un planificador de cuatro semanas en Markdown con una tabla por semana y una lista para planificar, publicar y revisar, para tener junto a tu calendario.",
      filename: "sightline-planificador-semanal.md",
      copy: {
        title: "Planificador semanal de Instagram",
        intro:
          "Completa una tabla por semana. Haz un solo experimento por semana y anota el viernes lo que aprendiste.",
        weekLabel: "Semana",
        columns: ["Día", "Pilar de contenido", "Formato", "Idea y gancho", "Estado"],
        days: ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado", "Domingo"],
        sections: [
          {
            title: "Antes de la semana",
            prompts: [
              "Revisa la mejor publicación de la semana pasada y por qué funcionó",
              "Elige el único experimento de esta semana",
              "Programa las publicaciones en tus mejores horas",
            ],
          },
          {
            title: "Cada día",
            prompts: [
              "Responde los mensajes en menos de 24 horas",
              "Contesta los comentarios de las publicaciones nuevas",
              "Anota las preguntas que merecen una publicación",
            ],
          },
          {
            title: "Al final de la semana",
            prompts: [
              "Compara el alcance y la tasa de interacción con la semana anterior",
              "Anota el resultado del experimento",
              "Pasa las buenas ideas a la semana siguiente",
            ],
          },
        ],
      },
    },
  },
  howTitle: "Haz tuyas las plantillas",
  how: [
    {
      title: "Mantén la estructura, cambia las palabras",
      text: "Las plantillas te dan una forma: un gancho, un motivo para interesarse y una acción. Dilo como hablas y el texto no sonará a plantilla.",
    },
    {
      title: "Una llamada a la acción por publicación",
      text: "Pide una sola cosa: guardar, comentar, compartir o visitar. Las publicaciones que piden todo suelen no conseguir nada.",
    },
    {
      title: "Planifica pilares, no solo publicaciones",
      text: "Los calendarios rotan unos pocos pilares para que tu perfil sea variado. Ajústalos a los tres o cuatro temas por los que te sigue tu audiencia.",
    },
    {
      title: "Mide y ajusta",
      text: "Después de un mes, compara el alcance y la tasa de interacción de cada pilar. Conserva lo que funciona, cambia lo que no y descarga un calendario nuevo.",
    },
  ],
};

export const templatesCopy = defineCopy("marketing-templates", { en, es });
