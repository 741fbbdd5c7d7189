import { defineCopy } from "./define-copy.ts";

export interface DocumentsCopy {
  updated: string;
  published: string;
  by: string;
  englishOnlyArticle: string;
  englishOnlyDocument: string;
  contactTitle: string;
  contactText: string;
  blog: {
    eyebrow: string;
    title: string;
    lead: string;
    metaTitle: string;
    metaDescription: string;
    featured: string;
    allArticles: string;
    backToBlog: string;
    moreArticles: string;
    topics: string;
  };
  deletion: {
    checkTitle: string;
    checkText: string;
    codeLabel: string;
    codePlaceholder: string;
    check: string;
    checking: string;
    statusTitle: string;
    notFound: string;
    failed: string;
    code: string;
    requested: string;
    completed: string;
    statuses: Record<string, { title: string; text: string }>;
  };
}

const en: DocumentsCopy = {
  updated: "Last updated {date}",
  published: "Published {date}",
  by: "By {author}",
  englishOnlyArticle: "",
  englishOnlyDocument: "",
  contactTitle: "Questions about this page?",
  contactText: "Write to us and a person will answer.",
  blog: {
    eyebrow: "Blog",
    title: "Guides for growing on Instagram with your own data",
    lead: "Practical articles on analytics, engagement, automation and content strategy, written by the team that builds Sightline.",
    metaTitle: "Blog: Instagram analytics, engagement and automation guides",
    metaDescription:
      "Practical guides on Instagram analytics, engagement quality, trend tracking, automation workflows and content strategy from the Sightline team.",
    featured: "Latest article",
    allArticles: "All articles",
    backToBlog: "Back to the blog",
    moreArticles: "More articles",
    topics: "Topics",
  },
  deletion: {
    checkTitle: "Check a deletion request",
    checkText:
      "Removed Sightline from Instagram or Facebook? Enter the confirmation code Meta showed you to see the status of your request.",
    codeLabel: "Confirmation code",
    codePlaceholder: "For example DEL-7K2P9Q",
    check: "Check status",
    checking: "Checking your request...",
    statusTitle: "Status of your deletion request",
    notFound:
      "We could not find a deletion request with this code. Check that you copied the whole code, or write to privacy@sightline.app.",
    failed: "We could not check the status right now. Please try again in a moment.",
    code: "Confirmation code",
    requested: "Requested",
    completed: "Completed",
    statuses: {
      received: {
        title: "Request received",
        text: "We have your request and will delete the data linked to your Instagram account shortly.",
      },
      pending: {
        title: "Deletion in progress",
        text: "We are deleting the data linked to your Instagram account. This usually finishes within minutes.",
      },
      in_progress: {
        title: "Deletion in progress",
        text: "We are deleting the data linked to your Instagram account. This usually finishes within minutes.",
      },
      completed: {
        title: "Deletion completed",
        text: "The data linked to your Instagram account has been deleted. Backups are overwritten within 30 days.",
      },
      failed: {
        title: "We need to look at this request",
        text: "Something stopped the deletion from finishing. Our team has been told; write to privacy@sightline.app if you have questions.",
      },
    },
  },
};

const es: DocumentsCopy = {
  updated: "Última actualización: {date}",
  published: "Publicado el {date}",
  by: "Por {author}",
  englishOnlyArticle:
    "Este artículo todavía no está traducido al español, así que se muestra en inglés.",
  englishOnlyDocument:
    "Este documento todavía no está traducido al español, así que se muestra en inglés.",
  contactTitle: "¿Tienes preguntas sobre esta página?",
  contactText: "Escríbenos y te responderá una persona.",
  blog: {
    eyebrow: "Blog",
    title: "Guías para crecer en Instagram con tus propios datos",
    lead: "Artículos prácticos sobre estadísticas, interacción, automatización y estrategia de contenido, escritos por el equipo que construye Sightline.",
    metaTitle: "Blog: guías de estadísticas, interacción y automatización en Instagram",
    metaDescription:
      "Guías prácticas sobre estadísticas de Instagram, calidad de la interacción, tendencias, flujos de automatización y estrategia de contenido del equipo de Sightline.",
    featured: "Último artículo",
    allArticles: "Todos los artículos",
    backToBlog: "Volver al blog",
    moreArticles: "Más artículos",
    topics: "Temas",
  },
  deletion: {
    checkTitle: "Consulta una solicitud de eliminación",
    checkText:
      "¿Quitaste Sightline de Instagram o Facebook? Escribe el código de confirmación que te mostró Meta para ver el estado de tu solicitud.",
    codeLabel: "Código de confirmación",
    codePlaceholder: "Por ejemplo DEL-7K2P9Q",
    check: "Consultar estado",
    checking: "Consultando tu solicitud...",
    statusTitle: "Estado de tu solicitud de eliminación",
    notFound:
      "No encontramos una solicitud de eliminación con este código. Comprueba que copiaste el código completo o escribe a privacy@sightline.app.",
    failed:
      "No pudimos consultar el estado en este momento. Vuelve a intentarlo en unos instantes.",
    code: "Código de confirmación",
    requested: "Solicitada",
    completed: "Completada",
    statuses: {
      received: {
        title: "Solicitud recibida",
        text: "Tenemos tu solicitud y eliminaremos en breve los datos vinculados a tu cuenta de Instagram.",
      },
      pending: {
        title: "Eliminación en curso",
        text: "Estamos eliminando los datos vinculados a tu cuenta de Instagram. Normalmente termina en unos minutos.",
      },
      in_progress: {
        title: "Eliminación en curso",
        text: "Estamos eliminando los datos vinculados a tu cuenta de Instagram. Normalmente termina en unos minutos.",
      },
      completed: {
        title: "Eliminación completada",
        text: "Los datos vinculados a tu cuenta de Instagram se eliminaron. Las copias de seguridad se sobrescriben en un plazo de 30 días.",
      },
      failed: {
        title: "Tenemos que revisar esta solicitud",
        text: "Algo impidió que la eliminación terminara. Nuestro equipo ya lo sabe; escribe a privacy@sightline.app si tienes preguntas.",
      },
    },
  },
};

export const documentsCopy = defineCopy("marketing-documents", { en, es });
