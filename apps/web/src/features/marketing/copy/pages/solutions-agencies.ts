import { defineCopy } from "../define-copy.ts";
import type { DetailPageCopy } from "./types.ts";

const en: DetailPageCopy = {
  meta: {
    title: "For agencies: manage client Instagram accounts and report clearly",
    description:
      "Run several client Instagram accounts from one login: analytics compared period over period, a calendar per account, a shared inbox, team members and client reports on Premium.",
  },
  eyebrow: "For agencies",
  title: "Every client account, one calm workspace",
  lead: "Agencies juggle calendars, inboxes and monthly reports for many brands at once. Sightline keeps each client's Instagram in order and turns the numbers into explanations your clients understand.",
  highlights: [
    "Up to 10 Instagram accounts on Premium",
    "Team members and client reports",
    "Explanations clients can read, with the facts behind them",
  ],
  sectionsTitle: "What agencies get",
  sectionsLead:
    "The same standards on every account, so nothing depends on who happens to be on shift.",
  sections: [
    {
      title: "Many accounts, one login",
      text: "Connect up to 3 client accounts on Pro or 10 on Premium, each through the client's own Meta login, and switch between them in a click.",
      points: [
        "Each client authorises their own account",
        "Tokens encrypted and revocable by the client",
        "Clear separation between accounts",
      ],
    },
    {
      title: "Reports that explain",
      text: "Numbers compared with the previous period of equal length, plus the Analyst's explanation of what moved and which posts drove it. Client reports on Premium.",
      points: [
        "Reach, views, engagement rate, profile visits",
        "Top posts and benchmarks per type",
        "CSV export for your own templates",
      ],
    },
    {
      title: "A calendar per client",
      text: "Plan and schedule each account's posts on its own calendar, with best-time hints from that audience's active hours.",
      points: [
        "Drag to reschedule",
        "Every publish attempt recorded",
        "Failed posts show the error and a Retry button",
      ],
    },
    {
      title: "Shared inbox, shared standards",
      text: "Comments and DMs for each account in one place, with saved replies for the answers your team gives every day.",
      points: [
        "Private replies and comment moderation",
        "The Secretary ranks what needs an answer",
        "The 24-hour window visible on every DM",
      ],
    },
    {
      title: "Team members",
      text: "Invite your team on Premium so account managers, community managers and analysts work from the same data.",
      points: [
        "One source of truth per client",
        "No shared passwords",
        "Remove access in one place",
      ],
    },
    {
      title: "Automations with guardrails",
      text: "Keyword replies and private-reply DMs for launches and campaigns, limited to once per person per post and logged for the client.",
      points: [
        "Pause any rule instantly",
        "A log of every run",
        "Respects Instagram's send limits",
      ],
    },
  ],
  factsTitle: "Premium, built for agencies",
  facts: [
    { value: "10", label: "Instagram accounts on Premium" },
    { value: "2 years", label: "of analytics history" },
    { value: "30 / 30", label: "trend radar hashtags and press radar keywords" },
    { value: "✓", label: "team members and client reports" },
  ],
  steps: {
    title: "A month with a client",
    items: [
      {
        title: "Onboard",
        text: "The client connects their account through Meta's login; you see their history within minutes.",
      },
      {
        title: "Run",
        text: "Schedule the month, answer the inbox daily and let automations handle campaign keywords.",
      },
      {
        title: "Report",
        text: "Send the monthly report with the Analyst's explanations and the posts that drove the results.",
      },
    ],
  },
  faqTitle: "Questions from agencies",
  faq: [
    {
      question: "Does each client need to give us their password?",
      answer:
        "No. Each client connects their account through Meta's official login and can revoke access at any time. Nobody shares passwords.",
    },
    {
      question: "How many accounts can we manage?",
      answer: "Up to 3 Instagram accounts on Pro and up to 10 on Premium.",
    },
    {
      question: "Can our team work together?",
      answer:
        "Yes. Team members are part of the Premium plan, together with client reports, advanced analytics and automations.",
    },
    {
      question: "Can clients see the AI's reasoning?",
      answer:
        "Every explanation lists the facts it was built from, so you and your clients can check each claim against the numbers.",
    },
  ],
  closing: {
    title: "Bring order to your client accounts",
    text: "Start free with one account, then move to Premium when you bring the whole roster.",
  },
};

const es: DetailPageCopy = {
  meta: {
    title: "Para agencias: gestiona cuentas de Instagram de clientes e informa con claridad",
    description:
      "Gestiona varias cuentas de Instagram de clientes con un solo acceso: estadísticas comparadas por periodo, un calendario por cuenta, una bandeja compartida, miembros del equipo e informes para clientes en Premium.",
  },
  eyebrow: "Para agencias",
  title: "Todas las cuentas de tus clientes, en un espacio de trabajo ordenado",
  lead: "Las agencias manejan a la vez calendarios, bandejas e informes mensuales de muchas marcas. Sightline mantiene en orden el Instagram de cada cliente y convierte los números en explicaciones que tus clientes entienden.",
  highlights: [
    "Hasta 10 cuentas de Instagram en Premium",
    "Miembros del equipo e informes para clientes",
    "Explicaciones que los clientes entienden, con los datos detrás",
  ],
  sectionsTitle: "Lo que obtienen las agencias",
  sectionsLead:
    "Los mismos estándares en cada cuenta, para que nada dependa de quién esté de turno.",
  sections: [
    {
      title: "Muchas cuentas, un acceso",
      text: "Conecta hasta 3 cuentas de clientes en Pro o 10 en Premium, cada una con el inicio de sesión de Meta del propio cliente, y cambia entre ellas con un clic.",
      points: [
        "Cada cliente autoriza su propia cuenta",
        "Tokens cifrados y revocables por el cliente",
        "Separación clara entre cuentas",
      ],
    },
    {
      title: "Informes que explican",
      text: "Números comparados con el periodo anterior de igual duración, más la explicación del Analyst sobre qué se movió y qué publicaciones lo provocaron. Informes para clientes en Premium.",
      points: [
        "Alcance, visualizaciones, tasa de interacción y visitas al perfil",
        "Mejores publicaciones y referencias por tipo",
        "Exportación CSV para tus propias plantillas",
      ],
    },
    {
      title: "Un calendario por cliente",
      text: "Planifica y programa las publicaciones de cada cuenta en su propio calendario, con sugerencias de mejor hora según las horas activas de esa audiencia.",
      points: [
        "Arrastra para reprogramar",
        "Cada intento de publicación queda registrado",
        "Las publicaciones fallidas muestran el error y un botón para reintentar",
      ],
    },
    {
      title: "Bandeja compartida, estándares compartidos",
      text: "Comentarios y mensajes de cada cuenta en un lugar, con respuestas guardadas para lo que tu equipo contesta a diario.",
      points: [
        "Respuestas privadas y moderación de comentarios",
        "El Secretary ordena lo que necesita respuesta",
        "La ventana de 24 horas visible en cada mensaje",
      ],
    },
    {
      title: "Miembros del equipo",
      text: "Invita a tu equipo en Premium para que responsables de cuenta, community managers y analistas trabajen con los mismos datos.",
      points: [
        "Una sola fuente de verdad por cliente",
        "Sin contraseñas compartidas",
        "Retira accesos desde un solo lugar",
      ],
    },
    {
      title: "Automatizaciones con salvaguardas",
      text: "Respuestas por palabra clave y respuestas privadas para lanzamientos y campañas, limitadas a una vez por persona y publicación y registradas para el cliente.",
      points: [
        "Pausa cualquier regla al instante",
        "Un registro de cada ejecución",
        "Respeta los límites de envío de Instagram",
      ],
    },
  ],
  factsTitle: "Premium, hecho para agencias",
  facts: [
    { value: "10", label: "cuentas de Instagram en Premium" },
    { value: "2 años", label: "de historial de estadísticas" },
    {
      value: "30 / 30",
      label: "hashtags del radar de tendencias y palabras clave del radar de prensa",
    },
    { value: "✓", label: "miembros del equipo e informes para clientes" },
  ],
  steps: {
    title: "Un mes con un cliente",
    items: [
      {
        title: "Incorporar",
        text: "El cliente conecta su cuenta con el inicio de sesión de Meta; en minutos ves su historial.",
      },
      {
        title: "Operar",
        text: "Programa el mes, atiende la bandeja a diario y deja que las automatizaciones gestionen las palabras clave de campaña.",
      },
      {
        title: "Informar",
        text: "Envía el informe mensual con las explicaciones del Analyst y las publicaciones que explican los resultados.",
      },
    ],
  },
  faqTitle: "Preguntas de agencias",
  faq: [
    {
      question: "¿Cada cliente tiene que darnos su contraseña?",
      answer:
        "No. Cada cliente conecta su cuenta con el inicio de sesión oficial de Meta y puede revocar el acceso cuando quiera. Nadie comparte contraseñas.",
    },
    {
      question: "¿Cuántas cuentas podemos gestionar?",
      answer: "Hasta 3 cuentas de Instagram en Pro y hasta 10 en Premium.",
    },
    {
      question: "¿Puede trabajar todo nuestro equipo?",
      answer:
        "Sí. Los miembros del equipo forman parte del plan Premium, junto con los informes para clientes, las estadísticas avanzadas y las automatizaciones.",
    },
    {
      question: "¿Los clientes pueden ver el razonamiento de la IA?",
      answer:
        "Cada explicación enumera los datos en que se basa, así que tú y tus clientes pueden comprobar cada afirmación con los números.",
    },
  ],
  closing: {
    title: "Pon orden en las cuentas de tus clientes",
    text: "Empieza gratis con una cuenta y pasa a Premium cuando traigas a todos tus clientes.",
  },
};

export const solutionsAgenciesCopy = defineCopy("marketing-solutions-agencies", { en, es });
