import { registerTranslations } from "../../lib/i18n.ts";

// Spec §2, §5, §8 strings are quoted exactly in English ("the product" is Sightline).
const en = {
  title: "Welcome to Sightline",
  description: "Sign in or create your account to analyze and engage on Instagram.",
  tabs: { login: "Login", signup: "Sign Up" },
  fields: {
    firstName: "First name",
    lastName: "Last name",
    phone: "Phone",
    email: "Email",
    password: "Password",
    confirmPassword: "Confirm password",
    optional: "optional",
    code: "Authentication code",
  },
  placeholders: {
    firstName: "Ada",
    lastName: "Lovelace",
    phone: "+1 415 555 0123",
    email: "you@example.com",
  },
  showPassword: "Show password",
  hidePassword: "Hide password",
  passwordRule: "Password must be at least 8 characters and include letters and numbers.",
  passwordCommon:
    "This password is one of the most common and easy to guess. Please choose a less common one.",
  passwordsDoNotMatch: "Passwords do not match.",
  emailRequired: "Email is required.",
  emailInvalid: "Enter a valid email address.",
  phoneInvalid: "Enter a valid phone number with its country code, for example +1 415 555 0123.",
  passwordRequired: "Password is required.",
  signIn: "Sign In",
  signingIn: "Signing in...",
  createAccount: "Create Account",
  creating: "Creating...",
  signedIn: "Signed in successfully!",
  accountCreated: "Account created. Please check your email to confirm your address.",
  forgotPassword: "Forgot password?",
  or: "or",
  continueWithGoogle: "Continue with Google",
  resendVerification: "Send the confirmation e-mail again",
  verificationSent: "We sent a new confirmation e-mail. Check your inbox.",
  recovery: {
    title: "Reset your password",
    description:
      "Enter the e-mail address of your account and we will send you a link to choose a new password.",
    submit: "Send reset link",
    sending: "Sending...",
    sent: "If an account exists for this address, we sent a link to reset your password. Check your inbox.",
    back: "Back to login",
  },
  mfa: {
    title: "Two-factor authentication",
    description: "Enter the 6-digit code from your authenticator app.",
    useBackup: "Use a backup code instead",
    useApp: "Use your authenticator app",
    backupDescription:
      "Enter one of the backup codes you saved when you turned on two-factor authentication.",
    verify: "Verify",
    verifying: "Verifying...",
  },
  termsBefore: "By creating an account you agree to our",
  termsLink: "Terms of Service",
  termsAnd: "and",
  privacyLink: "Privacy Policy",
  callback: {
    title: "We couldn't finish signing you in",
    pageTitle: "Sign-in — Sightline",
    logIn: "Log in",
    back: "Back to Sightline",
    noSession:
      "We could not sign you in from this link. It may have expired: sign in again to continue.",
    failed: "Sign-in failed ({{code}}).",
    errors: {
      INVALID_TOKEN:
        "This link is invalid or was already used. Sign in, or ask for a new confirmation e-mail from the login form.",
      TOKEN_EXPIRED: "This link has expired. Sign in to receive a new confirmation e-mail.",
      access_denied: "Sign-in was cancelled. You can try again whenever you like.",
      account_not_linked:
        "This Google account is not linked to your Sightline account yet. Sign in with your password, then link Google in Settings.",
    },
  },
  reset: {
    title: "Choose a new password",
    pageTitle: "Choose a new password — Sightline",
    newPassword: "New password",
    save: "Save new password",
    saving: "Saving...",
    invalidLink:
      "This reset link is invalid or has expired. Ask for a new one from the login form (Forgot password?).",
    done: "Your password was changed and your other sessions were signed out. You can now log in with your new password.",
    logIn: "Log in",
  },
  close: "Close",
};

const es: typeof en = {
  title: "Te damos la bienvenida a Sightline",
  description: "Inicia sesión o crea tu cuenta para analizar e interactuar en Instagram.",
  tabs: { login: "Iniciar sesión", signup: "Registrarse" },
  fields: {
    firstName: "Nombre",
    lastName: "Apellido",
    phone: "Teléfono",
    email: "Correo electrónico",
    password: "Contraseña",
    confirmPassword: "Confirmar contraseña",
    optional: "opcional",
    code: "Código de autenticación",
  },
  placeholders: {
    firstName: "Ada",
    lastName: "Lovelace",
    phone: "+52 55 1234 5678",
    email: "tu@ejemplo.com",
  },
  showPassword: "Mostrar contraseña",
  hidePassword: "Ocultar contraseña",
  passwordRule: "La contraseña debe tener al menos 8 caracteres e incluir letras y números.",
  passwordCommon:
    "Esta contraseña es de las más comunes y fáciles de adivinar. Elige una menos común.",
  passwordsDoNotMatch: "Las contraseñas no coinciden.",
  emailRequired: "El correo electrónico es obligatorio.",
  emailInvalid: "Escribe un correo electrónico válido.",
  phoneInvalid:
    "Escribe un número de teléfono válido con su prefijo de país, por ejemplo +52 55 1234 5678.",
  passwordRequired: "La contraseña es obligatoria.",
  signIn: "Iniciar sesión",
  signingIn: "Iniciando sesión...",
  createAccount: "Crear cuenta",
  creating: "Creando...",
  signedIn: "Sesión iniciada correctamente.",
  accountCreated: "Cuenta creada. Revisa tu correo para confirmar tu dirección.",
  forgotPassword: "¿Olvidaste tu contraseña?",
  or: "o",
  continueWithGoogle: "Continuar con Google",
  resendVerification: "Enviar de nuevo el correo de confirmación",
  verificationSent: "Enviamos un nuevo correo de confirmación. Revisa tu bandeja de entrada.",
  recovery: {
    title: "Restablece tu contraseña",
    description:
      "Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.",
    submit: "Enviar enlace",
    sending: "Enviando...",
    sent: "Si existe una cuenta con este correo, te enviamos un enlace para restablecer tu contraseña. Revisa tu bandeja de entrada.",
    back: "Volver a iniciar sesión",
  },
  mfa: {
    title: "Autenticación en dos pasos",
    description: "Escribe el código de 6 dígitos de tu app de autenticación.",
    useBackup: "Usar un código de respaldo",
    useApp: "Usar tu app de autenticación",
    backupDescription:
      "Escribe uno de los códigos de respaldo que guardaste al activar la autenticación en dos pasos.",
    verify: "Verificar",
    verifying: "Verificando...",
  },
  termsBefore: "Al crear una cuenta aceptas nuestros",
  termsLink: "Términos del servicio",
  termsAnd: "y nuestra",
  privacyLink: "Política de privacidad",
  callback: {
    title: "No pudimos completar tu inicio de sesión",
    pageTitle: "Inicio de sesión — Sightline",
    logIn: "Iniciar sesión",
    back: "Volver a Sightline",
    noSession:
      "No pudimos iniciar tu sesión con este enlace. Puede que haya caducado: inicia sesión de nuevo para continuar.",
    failed: "No se pudo iniciar sesión ({{code}}).",
    errors: {
      INVALID_TOKEN:
        "Este enlace no es válido o ya se usó. Inicia sesión o pide un nuevo correo de confirmación desde el formulario.",
      TOKEN_EXPIRED:
        "Este enlace caducó. Inicia sesión para recibir un nuevo correo de confirmación.",
      access_denied: "Se canceló el inicio de sesión. Puedes intentarlo de nuevo cuando quieras.",
      account_not_linked:
        "Esta cuenta de Google aún no está vinculada a tu cuenta de Sightline. Inicia sesión con tu contraseña y vincula Google en Configuración.",
    },
  },
  reset: {
    title: "Elige una contraseña nueva",
    pageTitle: "Elige una contraseña nueva — Sightline",
    newPassword: "Contraseña nueva",
    save: "Guardar contraseña nueva",
    saving: "Guardando...",
    invalidLink:
      "Este enlace para restablecer no es válido o caducó. Pide uno nuevo desde el formulario de inicio de sesión (¿Olvidaste tu contraseña?).",
    done: "Tu contraseña cambió y cerramos tus otras sesiones. Ya puedes iniciar sesión con tu contraseña nueva.",
    logIn: "Iniciar sesión",
  },
  close: "Cerrar",
};

registerTranslations("auth", { en, es });
