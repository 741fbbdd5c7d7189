import { defineCopy } from "../define-copy.ts";

/** /developers: the words around the API reference (the endpoints' own come from the document). */
export interface DevelopersCopy {
  meta: { title: string; description: string };
  eyebrow: string;
  title: string;
  lead: string;
  openApiLink: string;
  settingsLink: string;
  englishOnly: string;
  onThisPage: string;
  authTitle: string;
  authSteps: string[];
  authHeader: string;
  scopesTitle: string;
  scope: string;
  allows: string;
  errorsTitle: string;
  errorsLead: string;
  status: string;
  code: string;
  example: string;
  rateTitle: string;
  rateLead: string;
  idempotencyTitle: string;
  idempotencyLead: string;
  paginationTitle: string;
  paginationLead: string;
  endpointsTitle: string;
  needsScope: string;
  anyScope: string;
  noToken: string;
  parameters: string;
  required: string;
  optional: string;
  requestBody: string;
  exampleRequest: string;
  exampleResponse: string;
  errorsOfEndpoint: string;
  webhooksTitle: string;
  webhooksLead: string;
  eventsTitle: string;
  event: string;
  dataFields: string;
  headersTitle: string;
  header: string;
  meaning: string;
  headerMeanings: { event: string; delivery: string; timestamp: string; signature: string };
  verifyTitle: string;
  verifyLead: string;
  exampleBody: string;
}

const en: DevelopersCopy = {
  meta: {
    title: "Developers: the Sightline API reference",
    description:
      "Sightline's REST API: personal access tokens and scopes, every endpoint with an example request and answer, errors, rate limits, idempotent writes, pagination, and signed webhooks.",
  },
  eyebrow: "Developers",
  title: "Sightline API reference",
  lead: "Read your accounts' analytics, schedule and publish posts and answer your inbox from your own scripts, and let Sightline call your server when something happens. Available on the Pro and Premium plans.",
  openApiLink: "OpenAPI document",
  settingsLink: "Create a token",
  englishOnly: "The endpoints' descriptions are in English.",
  onThisPage: "On this page",
  authTitle: "Authentication",
  authSteps: [
    "In Sightline, open Settings → Developers and choose New token.",
    "Name it, pick the scopes it needs and an expiry. Copy the token: it is shown only once.",
    "Send it in the Authorization header of every request. A token acts for you, in the workspace it was made in, and never does more than your role allows.",
  ],
  authHeader: "Every request",
  scopesTitle: "Scopes",
  scope: "Scope",
  allows: "Allows",
  errorsTitle: "Errors",
  errorsLead:
    "Every refusal has the same JSON shape: a code to branch on, a message to show, the request id to quote to support and, for invalid input (422), the issues by field.",
  status: "Status",
  code: "Code",
  example: "Example message",
  rateTitle: "Rate limits",
  rateLead:
    "Each token makes {max} requests a minute. Every answer says where you stand in RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (seconds); past the limit the answer is 429 with Retry-After.",
  idempotencyTitle: "Idempotent writes",
  idempotencyLead:
    "Send an Idempotency-Key (a UUID per intended write) with every write. Retrying with the same key and the same request answers the first result again, marked Idempotent-Replayed: true, for {hours} hours instead of writing twice. The same key with another request is 422; while the first is still running, 409.",
  paginationTitle: "Pagination",
  paginationLead:
    "Lists come in keyset pages, newest first: pass the answer's nextCursor as cursor to get the next page, until nextCursor is null. Cursors are opaque; do not build them yourself.",
  endpointsTitle: "Endpoints",
  needsScope: "Scope",
  anyScope: "any one of",
  noToken: "No token needed",
  parameters: "Parameters",
  required: "required",
  optional: "optional",
  requestBody: "Request body",
  exampleRequest: "Example request",
  exampleResponse: "Example response",
  errorsOfEndpoint: "Refusals",
  webhooksTitle: "Webhooks",
  webhooksLead:
    "In Settings → Developers, owners and admins subscribe an https URL to events. Sightline POSTs each event as JSON, signed with the endpoint's secret, and retries a failed delivery after 1 minute, 5 minutes, 30 minutes, 2 hours and 6 hours. The event's id stays the same on every retry: use it to ignore duplicates.",
  eventsTitle: "Events",
  event: "Event",
  dataFields: "Fields of data",
  headersTitle: "Headers of each delivery",
  header: "Header",
  meaning: "Meaning",
  headerMeanings: {
    event: "The event's type, e.g. post.published (ping for a test event).",
    delivery: "This attempt's id.",
    timestamp: "When it was signed, in Unix seconds.",
    signature:
      "v1= and the hex HMAC-SHA256 of the timestamp, a dot and the raw body, keyed with the endpoint's secret.",
  },
  verifyTitle: "Verifying a delivery",
  verifyLead:
    "Compute the HMAC over the raw body exactly as received (before any JSON parsing), compare in constant time, and refuse timestamps more than {minutes} minutes from your clock so a captured delivery cannot be replayed.",
  exampleBody: "A delivery's body",
};

const es: DevelopersCopy = {
  meta: {
    title: "Desarrolladores: referencia de la API de Sightline",
    description:
      "La API REST de Sightline: tokens de acceso personal y permisos, cada endpoint con una solicitud y una respuesta de ejemplo, errores, límites, escrituras idempotentes, paginación y webhooks firmados.",
  },
  eyebrow: "Desarrolladores",
  title: "Referencia de la API de Sightline",
  lead: "Lee las estadísticas de tus cuentas, programa y publica posts y responde a tu bandeja de entrada desde tus propios scripts, y deja que Sightline llame a tu servidor cuando algo ocurra. Disponible en los planes Pro y Premium.",
  openApiLink: "Documento OpenAPI",
  settingsLink: "Crear un token",
  englishOnly: "Las descripciones de los endpoints están en inglés.",
  onThisPage: "En esta página",
  authTitle: "Autenticación",
  authSteps: [
    "En Sightline, abre Configuración → Desarrolladores y elige Nuevo token.",
    "Ponle un nombre, elige los permisos que necesita y una caducidad. Copia el token: solo se muestra una vez.",
    "Envíalo en la cabecera Authorization de cada solicitud. Un token actúa por ti, en el espacio de trabajo donde se creó, y nunca hace más de lo que tu rol permite.",
  ],
  authHeader: "Cada solicitud",
  scopesTitle: "Permisos",
  scope: "Permiso",
  allows: "Permite",
  errorsTitle: "Errores",
  errorsLead:
    "Cada rechazo tiene la misma forma JSON: un código para decidir, un mensaje para mostrar, el id de la solicitud para soporte y, si la entrada no es válida (422), los problemas por campo.",
  status: "Estado",
  code: "Código",
  example: "Mensaje de ejemplo",
  rateTitle: "Límites de uso",
  rateLead:
    "Cada token hace {max} solicitudes por minuto. Cada respuesta dice cuántas quedan en RateLimit-Limit, RateLimit-Remaining y RateLimit-Reset (segundos); pasado el límite la respuesta es 429 con Retry-After.",
  idempotencyTitle: "Escrituras idempotentes",
  idempotencyLead:
    "Envía un Idempotency-Key (un UUID por escritura) con cada escritura. Reintentar con la misma clave y la misma solicitud responde el primer resultado, marcado Idempotent-Replayed: true, durante {hours} horas en lugar de escribir dos veces. La misma clave con otra solicitud es 422; mientras la primera sigue en curso, 409.",
  paginationTitle: "Paginación",
  paginationLead:
    "Las listas llegan en páginas, las más recientes primero: pasa el nextCursor de la respuesta como cursor para la página siguiente, hasta que nextCursor sea null. Los cursores son opacos; no los construyas tú.",
  endpointsTitle: "Endpoints",
  needsScope: "Permiso",
  anyScope: "uno de",
  noToken: "Sin token",
  parameters: "Parámetros",
  required: "obligatorio",
  optional: "opcional",
  requestBody: "Cuerpo de la solicitud",
  exampleRequest: "Solicitud de ejemplo",
  exampleResponse: "Respuesta de ejemplo",
  errorsOfEndpoint: "Rechazos",
  webhooksTitle: "Webhooks",
  webhooksLead:
    "En Configuración → Desarrolladores, propietarios y administradores suscriben una URL https a eventos. Sightline envía cada evento por POST como JSON, firmado con el secreto del endpoint, y reintenta una entrega fallida tras 1 minuto, 5 minutos, 30 minutos, 2 horas y 6 horas. El id del evento es el mismo en cada reintento: úsalo para ignorar duplicados.",
  eventsTitle: "Eventos",
  event: "Evento",
  dataFields: "Campos de data",
  headersTitle: "Cabeceras de cada entrega",
  header: "Cabecera",
  meaning: "Significado",
  headerMeanings: {
    event: "El tipo de evento, p. ej. post.published (ping para un evento de prueba).",
    delivery: "El id de este intento.",
    timestamp: "Cuándo se firmó, en segundos Unix.",
    signature:
      "v1= y el HMAC-SHA256 en hexadecimal del timestamp, un punto y el cuerpo tal cual, con el secreto del endpoint.",
  },
  verifyTitle: "Verificar una entrega",
  verifyLead:
    "Calcula el HMAC sobre el cuerpo exactamente como llega (antes de interpretar el JSON), compara en tiempo constante y rechaza timestamps a más de {minutes} minutos de tu reloj para que nadie pueda repetir una entrega capturada.",
  exampleBody: "El cuerpo de una entrega",
};

export const developersCopy = defineCopy("developers-page", { en, es });
