import { registerTranslations } from "../../lib/i18n.ts";

/*
 * The Instagram strings every app page needs (the guard around a page, the reconnect banner, the
 * header's account switcher), apart from the rest of the feature's (locales.ts: Settings, the
 * callback, connect links), so a page such as the dashboard loads only these (issue 27 point 3).
 * Both register into the "instagram" namespace.
 */
const en = {
  guard: {
    loading: "Loading your Instagram account",
    title: "Connect Instagram to Get Started",
    body: "Connect your Instagram Business account to view post performance analytics, audience insights, and manage your messages.",
    goToSettings: "Go to Settings",
  },
  reconnect: {
    title: "Your Instagram account @{{username}} needs reconnecting",
    fallbackReason: "Instagram no longer accepts Sightline's access.",
    body: "What you see here may be out of date until you reconnect.",
    button: "Reconnect",
  },
  switcher: {
    label: "Instagram account: @{{username}}",
    heading: "Instagram accounts",
    count: "{{count}} of {{limit}} accounts",
    connected: "Connected",
    needsReconnection: "Needs reconnection",
    paused: "Paused: over the plan's accounts",
    syncing: "Syncing…",
    current: "Current account",
    connectAnother: "Connect another account",
    sendLink: "Send a connect link",
  },
};

const es: typeof en = {
  guard: {
    loading: "Cargando tu cuenta de Instagram",
    title: "Conecta Instagram para empezar",
    body: "Conecta tu cuenta de empresa de Instagram para ver las analíticas de tus publicaciones, conocer a tu audiencia y gestionar tus mensajes.",
    goToSettings: "Ir a Ajustes",
  },
  reconnect: {
    title: "Tu cuenta de Instagram @{{username}} necesita reconectarse",
    fallbackReason: "Instagram ya no acepta el acceso de Sightline.",
    body: "Lo que ves aquí puede estar desactualizado hasta que reconectes.",
    button: "Reconectar",
  },
  switcher: {
    label: "Cuenta de Instagram: @{{username}}",
    heading: "Cuentas de Instagram",
    count: "{{count}} de {{limit}} cuentas",
    connected: "Conectada",
    needsReconnection: "Hay que reconectarla",
    paused: "En pausa: supera las cuentas del plan",
    syncing: "Sincronizando…",
    current: "Cuenta actual",
    connectAnother: "Conectar otra cuenta",
    sendLink: "Enviar un enlace de conexión",
  },
};

registerTranslations("instagram", { en, es });
