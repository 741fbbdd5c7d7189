import { defineCopy } from "../define-copy.ts";

export interface InsightsCopy {
  meta: { title: string; description: string };
  eyebrow: string;
  title: string;
  lead: string;
  metricsTitle: string;
  metricsLead: string;
  metrics: { name: string; definition: string; tip: string }[];
  formulaTitle: string;
  formula: string;
  formulaText: string;
  limitsTitle: string;
  limitsLead: string;
  limitsColumns: [string, string, string];
  limits: { item: string; value: string; note: string }[];
  readingTitle: string;
  readingLead: string;
  reading: { title: string; text: string }[];
  articlesTitle: string;
}

const en: InsightsCopy = {
  meta: {
    title: "Social media insights: Instagram metrics and limits explained",
    description:
      "A plain guide to Instagram insights: what reach, views, interactions, saves, shares and engagement rate mean, the platform limits worth knowing, and how to read your numbers without fooling yourself.",
  },
  eyebrow: "Social media insights",
  title: "Instagram's numbers, explained in plain words",
  lead: "Insights are only useful when you know what each number measures and what it does not. This page collects the definitions, the limits Instagram sets and the habits that help you read your results honestly.",
  metricsTitle: "The metrics that matter",
  metricsLead:
    "These are the numbers Instagram's API reports for Business and Creator accounts, and the ones Sightline builds its dashboard from.",
  metrics: [
    {
      name: "Reach",
      definition: "The number of unique accounts that saw your content at least once.",
      tip: "The best denominator for judging a post: it counts people, not screens.",
    },
    {
      name: "Views",
      definition:
        "How many times your content was played or displayed, including repeat views by the same account.",
      tip: "Useful for reels and videos; compare it with reach to see how often people rewatch.",
    },
    {
      name: "Interactions",
      definition: "Likes, comments, saves and shares on a post, added together.",
      tip: "Look at the mix, not only the total: saves and shares usually signal more value than likes.",
    },
    {
      name: "Saves",
      definition: "How many accounts saved the post to come back to it later.",
      tip: "A strong sign that a post is useful. Educational carousels often collect the most.",
    },
    {
      name: "Shares",
      definition: "How many times the post was sent to someone else or shared to a story.",
      tip: "Shares bring your content to people who do not follow you yet.",
    },
    {
      name: "Profile visits",
      definition: "How many times your profile was viewed in the period.",
      tip: "Rises when a post makes people curious about you; watch it after reels that travel.",
    },
    {
      name: "Website taps",
      definition: "Taps on the link in your profile.",
      tip: "The bridge between Instagram and your shop or newsletter.",
    },
    {
      name: "Follows and unfollows",
      definition: "New followers and lost followers per day; the difference is your net growth.",
      tip: "Look for the posts that coincide with spikes in either direction.",
    },
    {
      name: "Online followers",
      definition: "When your followers are on Instagram, by hour of the day.",
      tip: "The starting point for your posting schedule; Sightline shows it as a heatmap in your time zone.",
    },
  ],
  formulaTitle: "Engagement rate, the way Sightline calculates it",
  formula: "Engagement rate = (likes + comments + saves + shares) ÷ reach × 100",
  formulaText:
    "Many tools divide by followers instead. That penalises posts that reach people beyond your followers and flatters posts only your fans saw. Dividing by reach answers a clearer question: of the people who saw this, how many acted on it?",
  limitsTitle: "Limits worth knowing",
  limitsLead:
    "Instagram's rules for publishing and messaging. Sightline checks them before anything reaches Instagram, so a post is never rejected for a reason you could have seen coming.",
  limitsColumns: ["What", "Limit", "Good to know"],
  limits: [
    {
      item: "Caption length",
      value: "2,200 characters",
      note: "Hashtags and mentions count towards it.",
    },
    {
      item: "Hashtags per post",
      value: "30",
      note: "Counted without case; duplicates are the same tag.",
    },
    { item: "Carousel items", value: "2 to 10", note: "Images and videos can be mixed." },
    { item: "Image format", value: "JPEG", note: "Sightline converts other formats for you." },
    {
      item: "Feed image aspect ratio",
      value: "4:5 to 1.91:1",
      note: "Outside that range, Instagram rejects or crops the image.",
    },
    {
      item: "Reel length",
      value: "3 seconds to 15 minutes",
      note: "9:16 vertical video is recommended.",
    },
    { item: "Collaborators per post", value: "3", note: "Invited collaborators must accept." },
    { item: "User tags per post", value: "20", note: "Tags are placed on the image." },
    {
      item: "Posts published through the API",
      value: "100 per 24 hours",
      note: "Meta's documentation also mentions 50; Sightline reads the live quota for your account.",
    },
    {
      item: "Replying to a DM",
      value: "24 hours",
      note: "After the customer's last message. The window reopens when they write again.",
    },
    {
      item: "Hashtag look-ups",
      value: "30 unique per 7 days",
      note: "Applies to hashtag search, which powers the trend radar.",
    },
    {
      item: "Audience demographics",
      value: "From 100 followers",
      note: "Meta provides no age, gender or location data below that.",
    },
  ],
  readingTitle: "How to read your numbers honestly",
  readingLead:
    "A few habits that keep you from drawing the wrong conclusion from a good or a bad week.",
  reading: [
    {
      title: "Compare like with like",
      text: "Compare a period with the previous period of the same length, and a reel with your other reels. Mixing formats or period lengths hides what really changed.",
    },
    {
      title: "Use medians, not averages",
      text: "One post that goes far beyond your usual reach can make an average look great for months. The median tells you what a typical post does.",
    },
    {
      title: "Wait before judging a post",
      text: "Reach keeps growing for days after publishing, especially for reels. Judge posts at the same age, for example after seven days.",
    },
    {
      title: "Change one thing at a time",
      text: "If you change the time, the format and the topic in the same week, you will not know which one worked. Run one experiment at a time.",
    },
    {
      title: "Look behind every change",
      text: "When a number moves, find the posts that moved it. Sightline's Analyst does this for you and lists the facts behind its explanation.",
    },
    {
      title: "Mind the thresholds",
      text: "Small accounts have noisy numbers and no demographics below 100 followers. Focus on trends over several weeks rather than on single days.",
    },
  ],
  articlesTitle: "Go deeper on the blog",
};

const es: InsightsCopy = {
  meta: {
    title: "Claves de redes sociales: métricas y límites de Instagram explicados",
    description:
      "Una guía sencilla de las estadísticas de Instagram: qué significan el alcance, las visualizaciones, las interacciones, los guardados, los compartidos y la tasa de interacción, los límites de la plataforma y cómo leer tus números sin engañarte.",
  },
  eyebrow: "Claves de redes sociales",
  title: "Los números de Instagram, explicados con palabras sencillas",
  lead: "Las estadísticas solo sirven cuando sabes qué mide cada número y qué no. Esta página reúne las definiciones, los límites que fija Instagram y los hábitos que te ayudan a leer tus resultados con honestidad.",
  metricsTitle: "Las métricas que importan",
  metricsLead:
    "Son los números que la API de Instagram informa para cuentas de empresa y de creador, y con los que Sightline construye su panel.",
  metrics: [
    {
      name: "Alcance",
      definition: "La cantidad de cuentas únicas que vieron tu contenido al menos una vez.",
      tip: "El mejor denominador para juzgar una publicación: cuenta personas, no pantallas.",
    },
    {
      name: "Visualizaciones",
      definition:
        "Cuántas veces se reprodujo o mostró tu contenido, incluidas las repeticiones de una misma cuenta.",
      tip: "Útil para reels y videos; compárala con el alcance para ver cuánto se vuelve a ver.",
    },
    {
      name: "Interacciones",
      definition: "Me gusta, comentarios, guardados y compartidos de una publicación, sumados.",
      tip: "Mira la mezcla, no solo el total: guardar y compartir suelen indicar más valor que un me gusta.",
    },
    {
      name: "Guardados",
      definition: "Cuántas cuentas guardaron la publicación para volver a verla.",
      tip: "Una señal clara de que la publicación es útil. Los carruseles educativos suelen acumular más.",
    },
    {
      name: "Compartidos",
      definition:
        "Cuántas veces se envió la publicación a otra persona o se compartió en una historia.",
      tip: "Los compartidos llevan tu contenido a personas que aún no te siguen.",
    },
    {
      name: "Visitas al perfil",
      definition: "Cuántas veces se vio tu perfil en el periodo.",
      tip: "Suben cuando una publicación despierta curiosidad; obsérvalas tras los reels que llegan lejos.",
    },
    {
      name: "Toques en el sitio web",
      definition: "Toques en el enlace de tu perfil.",
      tip: "El puente entre Instagram y tu tienda o tu boletín.",
    },
    {
      name: "Nuevos seguidores y bajas",
      definition: "Seguidores ganados y perdidos por día; la diferencia es tu crecimiento neto.",
      tip: "Busca las publicaciones que coinciden con los picos en cualquier dirección.",
    },
    {
      name: "Seguidores conectados",
      definition: "Cuándo están tus seguidores en Instagram, por hora del día.",
      tip: "El punto de partida de tu horario de publicación; Sightline lo muestra como mapa de calor en tu zona horaria.",
    },
  ],
  formulaTitle: "La tasa de interacción, como la calcula Sightline",
  formula:
    "Tasa de interacción = (me gusta + comentarios + guardados + compartidos) ÷ alcance × 100",
  formulaText:
    "Muchas herramientas dividen por los seguidores. Eso castiga a las publicaciones que llegan más allá de tus seguidores y favorece a las que solo vieron tus fans. Dividir por el alcance responde una pregunta más clara: de las personas que vieron esto, ¿cuántas hicieron algo?",
  limitsTitle: "Límites que conviene conocer",
  limitsLead:
    "Las reglas de Instagram para publicar y enviar mensajes. Sightline las comprueba antes de que nada llegue a Instagram, para que una publicación nunca se rechace por algo que podías prever.",
  limitsColumns: ["Qué", "Límite", "Conviene saber"],
  limits: [
    {
      item: "Longitud del texto",
      value: "2200 caracteres",
      note: "Los hashtags y las menciones cuentan.",
    },
    {
      item: "Hashtags por publicación",
      value: "30",
      note: "No distinguen mayúsculas; los duplicados son el mismo hashtag.",
    },
    {
      item: "Elementos de un carrusel",
      value: "De 2 a 10",
      note: "Se pueden mezclar imágenes y videos.",
    },
    {
      item: "Formato de imagen",
      value: "JPEG",
      note: "Sightline convierte los demás formatos por ti.",
    },
    {
      item: "Proporción de imágenes en el feed",
      value: "De 4:5 a 1,91:1",
      note: "Fuera de ese rango, Instagram rechaza o recorta la imagen.",
    },
    {
      item: "Duración de un reel",
      value: "De 3 segundos a 15 minutos",
      note: "Se recomienda video vertical 9:16.",
    },
    {
      item: "Colaboradores por publicación",
      value: "3",
      note: "Los colaboradores invitados deben aceptar.",
    },
    {
      item: "Etiquetas de usuarios por publicación",
      value: "20",
      note: "Las etiquetas se colocan sobre la imagen.",
    },
    {
      item: "Publicaciones mediante la API",
      value: "100 cada 24 horas",
      note: "La documentación de Meta también menciona 50; Sightline lee la cuota real de tu cuenta.",
    },
    {
      item: "Responder un mensaje directo",
      value: "24 horas",
      note: "Desde el último mensaje del cliente. La ventana se reabre cuando vuelve a escribir.",
    },
    {
      item: "Búsquedas de hashtags",
      value: "30 únicas cada 7 días",
      note: "Se aplica a la búsqueda de hashtags, en la que se basa el radar de tendencias.",
    },
    {
      item: "Demografía de la audiencia",
      value: "Desde 100 seguidores",
      note: "Por debajo, Meta no ofrece datos de edad, género ni ubicación.",
    },
  ],
  readingTitle: "Cómo leer tus números con honestidad",
  readingLead:
    "Algunos hábitos que evitan sacar conclusiones equivocadas de una semana buena o mala.",
  reading: [
    {
      title: "Compara lo comparable",
      text: "Compara un periodo con el anterior de igual duración, y un reel con tus otros reels. Mezclar formatos o duraciones oculta lo que de verdad cambió.",
    },
    {
      title: "Usa medianas, no promedios",
      text: "Una sola publicación que supera con creces tu alcance habitual puede inflar un promedio durante meses. La mediana dice lo que logra una publicación típica.",
    },
    {
      title: "Espera antes de juzgar",
      text: "El alcance sigue creciendo días después de publicar, sobre todo en los reels. Juzga las publicaciones a la misma edad, por ejemplo a los siete días.",
    },
    {
      title: "Cambia una cosa a la vez",
      text: "Si cambias la hora, el formato y el tema en la misma semana, no sabrás qué funcionó. Haz un experimento a la vez.",
    },
    {
      title: "Mira detrás de cada cambio",
      text: "Cuando un número se mueve, busca las publicaciones que lo movieron. El Analyst de Sightline lo hace por ti y enumera los datos detrás de su explicación.",
    },
    {
      title: "Ten en cuenta los umbrales",
      text: "Las cuentas pequeñas tienen números con mucho ruido y no tienen demografía por debajo de 100 seguidores. Fíjate en las tendencias de varias semanas y no en días sueltos.",
    },
  ],
  articlesTitle: "Profundiza en el blog",
};

export const socialMediaInsightsCopy = defineCopy("marketing-social-media-insights", { en, es });
