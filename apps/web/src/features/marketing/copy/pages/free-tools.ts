import { defineCopy } from "../define-copy.ts";

export interface FreeToolsCopy {
  meta: { title: string; description: string };
  eyebrow: string;
  title: string;
  lead: string;
  jumpTo: string;
  privacyNote: string;
  engagement: {
    title: string;
    lead: string;
    fields: {
      likes: string;
      comments: string;
      saves: string;
      shares: string;
      reach: string;
      followers: string;
    };
    followersHint: string;
    calculate: string;
    resultTitle: string;
    interactions: string;
    byReach: string;
    byFollowers: string;
    formula: string;
    errors: Record<"required" | "not-a-whole-number" | "negative" | "zero-reach", string>;
    explainTitle: string;
    explain: string[];
  };
  hashtags: {
    title: string;
    lead: string;
    inputLabel: string;
    placeholder: string;
    counter: string;
    nearLimit: string;
    overLimit: string;
    duplicates: string;
    invalid: string;
    layout: string;
    layouts: { spaces: string; lines: string; dots: string };
    output: string;
    copy: string;
    copied: string;
    clear: string;
    explainTitle: string;
    explain: string[];
  };
  caption: {
    title: string;
    lead: string;
    inputLabel: string;
    placeholder: string;
    characters: string;
    remaining: string;
    over: string;
    words: string;
    lines: string;
    hashtags: string;
    mentions: string;
    hashtagsOver: string;
    firstLine: string;
    explainTitle: string;
    explain: string[];
  };
}

const en: FreeToolsCopy = {
  meta: {
    title: "Free Instagram tools: engagement rate, hashtag counter, caption checker",
    description:
      "Free Instagram tools: an engagement rate calculator, a hashtag formatter and counter with the 30-hashtag limit, and a caption length checker for the 2,200-character limit.",
  },
  eyebrow: "Free tools",
  title: "Free Instagram tools that do the maths for you",
  lead: "Three small tools we use ourselves: calculate an engagement rate the way Sightline does, clean up a list of hashtags, and check a caption before you post it.",
  jumpTo: "Jump to a tool",
  privacyNote: "Everything runs in your browser. Nothing you type is sent to us or stored.",
  engagement: {
    title: "Engagement rate calculator",
    lead: "Enter a post's numbers from Instagram's insights. Sightline divides all interactions by reach, so a post is judged by the people who saw it.",
    fields: {
      likes: "Likes",
      comments: "Comments",
      saves: "Saves",
      shares: "Shares",
      reach: "Accounts reached",
      followers: "Followers (optional)",
    },
    followersHint: "Add followers to compare with the follower-based rate many tools use.",
    calculate: "Calculate",
    resultTitle: "Result",
    interactions: "Total interactions",
    byReach: "Engagement rate by reach",
    byFollowers: "Engagement rate by followers",
    formula: "(likes + comments + saves + shares) ÷ accounts reached × 100",
    errors: {
      required: "Enter a number, 0 if there were none.",
      "not-a-whole-number": "Use a whole number, such as 1250.",
      negative: "The number cannot be negative.",
      "zero-reach": "Reach must be at least 1 to calculate a rate.",
    },
    explainTitle: "Why reach and not followers?",
    explain: [
      "Followers include people who never saw the post, and reels and shared posts reach many people who do not follow you. Dividing by reach measures how the post performed with its actual audience.",
      "Compare a post with your own median for the same type (reel, carousel, image) rather than with a number from another account. What counts as good depends on your niche, your audience and the format.",
    ],
  },
  hashtags: {
    title: "Hashtag formatter and counter",
    lead: "Paste hashtags from anywhere: with or without #, separated by spaces, commas or new lines. The tool removes duplicates and checks the 30-hashtag limit.",
    inputLabel: "Your hashtags",
    placeholder: "#travel, photography\n#Travel #sunset ...",
    counter: "{count} of 30 hashtags",
    nearLimit: "You are close to Instagram's limit of 30 hashtags.",
    overLimit: "Instagram allows at most 30 hashtags per post. Remove {n} before posting.",
    duplicates: "Removed duplicates: {list}",
    invalid: "Not valid hashtags (only letters, numbers and _): {list}",
    layout: "Layout",
    layouts: { spaces: "On one line", lines: "One per line", dots: "After a line break" },
    output: "Formatted hashtags",
    copy: "Copy hashtags",
    copied: "Copied to the clipboard",
    clear: "Clear",
    explainTitle: "Good to know about hashtags",
    explain: [
      "Instagram counts hashtags without regard to case, so #Travel and #travel are the same tag. The formatter keeps the first spelling you wrote.",
      "A hashtag can contain letters, numbers and underscores. Spaces, hyphens and punctuation end it, and a tag made only of numbers does not work.",
      "More is not better: pick the tags that describe the post and that people actually follow. Sightline's hashtag performance shows which of yours travel with your best posts.",
    ],
  },
  caption: {
    title: "Caption length checker",
    lead: "Paste or write a caption to count its characters against Instagram's 2,200 limit, and check its hashtags, mentions and first line.",
    inputLabel: "Your caption",
    placeholder: "Write or paste your caption here...",
    characters: "Characters",
    remaining: "{n} characters left",
    over: "{n} characters over the 2,200 limit",
    words: "Words",
    lines: "Lines",
    hashtags: "Hashtags",
    mentions: "Mentions",
    hashtagsOver: "More than 30 hashtags: Instagram will not publish this caption.",
    firstLine: "First line (what people read before tapping more)",
    explainTitle: "How characters are counted",
    explain: [
      "The checker counts characters the way Sightline checks a caption before publishing: a letter, an accented letter or a simple emoji counts once, while emoji built from several parts (skin tones, flags, families) count once per part, so a caption that passes here is never too long for Instagram. Line breaks count as one character each.",
      "Hashtags and mentions inside the caption are part of the 2,200 characters, and hashtags count towards the limit of 30 per post.",
      'Put the point of the post in the first line. Most people decide whether to tap "more" from that line alone.',
    ],
  },
};

const es: FreeToolsCopy = {
  meta: {
    title: "Herramientas gratis para Instagram: tasa de interacción, contador de hashtags y textos",
    description:
      "Herramientas gratis para Instagram: una calculadora de tasa de interacción, un formateador y contador de hashtags con el límite de 30 y un comprobador de la longitud del texto para el límite de 2200 caracteres.",
  },
  eyebrow: "Herramientas gratis",
  title: "Herramientas gratis para Instagram que hacen las cuentas por ti",
  lead: "Tres herramientas pequeñas que usamos nosotros mismos: calcula la tasa de interacción como lo hace Sightline, ordena una lista de hashtags y revisa un texto antes de publicarlo.",
  jumpTo: "Ir a una herramienta",
  privacyNote: "Todo funciona en tu navegador. Nada de lo que escribes se nos envía ni se guarda.",
  engagement: {
    title: "Calculadora de tasa de interacción",
    lead: "Escribe los números de una publicación desde las estadísticas de Instagram. Sightline divide todas las interacciones por el alcance, para juzgar cada publicación por quienes la vieron.",
    fields: {
      likes: "Me gusta",
      comments: "Comentarios",
      saves: "Guardados",
      shares: "Compartidos",
      reach: "Cuentas alcanzadas",
      followers: "Seguidores (opcional)",
    },
    followersHint:
      "Añade los seguidores para comparar con la tasa por seguidores que usan muchas herramientas.",
    calculate: "Calcular",
    resultTitle: "Resultado",
    interactions: "Interacciones totales",
    byReach: "Tasa de interacción por alcance",
    byFollowers: "Tasa de interacción por seguidores",
    formula: "(me gusta + comentarios + guardados + compartidos) ÷ cuentas alcanzadas × 100",
    errors: {
      required: "Escribe un número; 0 si no hubo ninguno.",
      "not-a-whole-number": "Usa un número entero, como 1250.",
      negative: "El número no puede ser negativo.",
      "zero-reach": "El alcance debe ser al menos 1 para calcular una tasa.",
    },
    explainTitle: "¿Por qué el alcance y no los seguidores?",
    explain: [
      "Los seguidores incluyen a personas que nunca vieron la publicación, y los reels y las publicaciones compartidas llegan a muchas personas que no te siguen. Dividir por el alcance mide cómo rindió la publicación con su audiencia real.",
      "Compara una publicación con tu propia mediana para el mismo tipo (reel, carrusel, imagen) y no con el número de otra cuenta. Lo que se considera bueno depende de tu nicho, tu audiencia y el formato.",
    ],
  },
  hashtags: {
    title: "Formateador y contador de hashtags",
    lead: "Pega hashtags desde cualquier lugar: con o sin #, separados por espacios, comas o saltos de línea. La herramienta quita duplicados y comprueba el límite de 30 hashtags.",
    inputLabel: "Tus hashtags",
    placeholder: "#viajes, fotografia\n#Viajes #atardecer ...",
    counter: "{count} de 30 hashtags",
    nearLimit: "Estás cerca del límite de 30 hashtags de Instagram.",
    overLimit:
      "Instagram permite como máximo 30 hashtags por publicación. Quita {n} antes de publicar.",
    duplicates: "Duplicados eliminados: {list}",
    invalid: "Hashtags no válidos (solo letras, números y _): {list}",
    layout: "Formato",
    layouts: { spaces: "En una línea", lines: "Uno por línea", dots: "Tras un salto de línea" },
    output: "Hashtags con formato",
    copy: "Copiar hashtags",
    copied: "Copiado al portapapeles",
    clear: "Borrar",
    explainTitle: "Conviene saber sobre los hashtags",
    explain: [
      "Instagram no distingue mayúsculas en los hashtags, así que #Viajes y #viajes son el mismo. El formateador conserva la primera forma que escribiste.",
      "Un hashtag puede tener letras, números y guiones bajos. Los espacios, guiones y signos de puntuación lo cortan, y uno formado solo por números no funciona.",
      "Más no es mejor: elige los que describen la publicación y que la gente realmente sigue. El rendimiento de hashtags de Sightline muestra cuáles de los tuyos acompañan a tus mejores publicaciones.",
    ],
  },
  caption: {
    title: "Comprobador de la longitud del texto",
    lead: "Pega o escribe un texto para contar sus caracteres frente al límite de 2200 de Instagram y revisar sus hashtags, menciones y primera línea.",
    inputLabel: "Tu texto",
    placeholder: "Escribe o pega aquí tu texto...",
    characters: "Caracteres",
    remaining: "Quedan {n} caracteres",
    over: "{n} caracteres por encima del límite de 2200",
    words: "Palabras",
    lines: "Líneas",
    hashtags: "Hashtags",
    mentions: "Menciones",
    hashtagsOver: "Más de 30 hashtags: Instagram no publicará este texto.",
    firstLine: "Primera línea (lo que se lee antes de tocar «más»)",
    explainTitle: "Cómo se cuentan los caracteres",
    explain: [
      "El comprobador cuenta los caracteres como Sightline revisa una descripción antes de publicarla: una letra, una letra con tilde o un emoji simple cuentan una vez, y los emoji formados por varias partes (tonos de piel, banderas, familias) cuentan una vez por parte, así que una descripción que pasa aquí nunca es demasiado larga para Instagram. Cada salto de línea cuenta como un carácter.",
      "Los hashtags y las menciones del texto forman parte de los 2200 caracteres, y los hashtags cuentan para el límite de 30 por publicación.",
      "Pon lo importante en la primera línea. La mayoría decide si toca «más» solo con esa línea.",
    ],
  },
};

export const freeToolsCopy = defineCopy("marketing-free-tools", { en, es });
