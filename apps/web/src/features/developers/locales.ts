import { registerTranslations } from "../../lib/i18n.ts";

const en = {
  tokens: {
    title: "Personal access tokens",
    description:
      "Tokens let your own scripts and tools call the Sightline API (/api/v1) as you, in this workspace, with the scopes you choose.",
    create: "Create token",
    creating: "Creating...",
    name: "Name",
    namePlaceholder: "Reporting script",
    scopes: "Scopes",
    scopeNotForRole: "Your role cannot use this scope.",
    expiry: "Expires",
    expiries: {
      "7": "In 7 days",
      "30": "In 30 days",
      "90": "In 90 days",
      "365": "In 1 year",
      never: "Never",
    },
    createdTitle: "Copy your new token",
    createdBody:
      "This is the only time the token is shown. Store it somewhere safe, such as a password manager; if you lose it, revoke it and create a new one.",
    copy: "Copy",
    copied: "Copied",
    copyFailed: "Copy it by selecting the text.",
    done: "I have copied it",
    empty: "No tokens yet.",
    created: "Created {{when}}",
    lastUsed: "Last used {{when}}",
    neverUsed: "Never used",
    expires: "Expires {{when}}",
    expired: "Expired {{when}}",
    noExpiry: "No expiry",
    revokedOn: "Revoked {{when}}",
    owner: "Made by {{email}}",
    revoke: "Revoke",
    revokeTitle: "Revoke {{name}}?",
    revokeBody:
      "Anything that uses this token stops working at once. This cannot be undone; you can create a new token.",
    cancel: "Cancel",
    revoked: "Token revoked",
    loadFailed: "We could not load your tokens.",
    retry: "Try again",
    docs: "Send it as Authorization: Bearer <token>. Each token may make 120 requests a minute.",
  },
};

const es: typeof en = {
  tokens: {
    title: "Tokens de acceso personal",
    description:
      "Los tokens permiten que tus scripts y herramientas llamen a la API de Sightline (/api/v1) en tu nombre, en este espacio de trabajo, con los permisos que elijas.",
    create: "Crear token",
    creating: "Creando...",
    name: "Nombre",
    namePlaceholder: "Script de informes",
    scopes: "Permisos",
    scopeNotForRole: "Tu rol no puede usar este permiso.",
    expiry: "Caduca",
    expiries: {
      "7": "En 7 días",
      "30": "En 30 días",
      "90": "En 90 días",
      "365": "En 1 año",
      never: "Nunca",
    },
    createdTitle: "Copia tu nuevo token",
    createdBody:
      "Esta es la única vez que se muestra el token. Guárdalo en un lugar seguro, como un gestor de contraseñas; si lo pierdes, revócalo y crea otro.",
    copy: "Copiar",
    copied: "Copiado",
    copyFailed: "Cópialo seleccionando el texto.",
    done: "Ya lo he copiado",
    empty: "Aún no hay tokens.",
    created: "Creado {{when}}",
    lastUsed: "Último uso {{when}}",
    neverUsed: "Sin usar",
    expires: "Caduca {{when}}",
    expired: "Caducó {{when}}",
    noExpiry: "Sin caducidad",
    revokedOn: "Revocado {{when}}",
    owner: "Creado por {{email}}",
    revoke: "Revocar",
    revokeTitle: "¿Revocar {{name}}?",
    revokeBody:
      "Todo lo que use este token dejará de funcionar al instante. No se puede deshacer; puedes crear un token nuevo.",
    cancel: "Cancelar",
    revoked: "Token revocado",
    loadFailed: "No pudimos cargar tus tokens.",
    retry: "Reintentar",
    docs: "Envíalo como Authorization: Bearer <token>. Cada token puede hacer 120 solicitudes por minuto.",
  },
};

registerTranslations("developers", { en, es });
