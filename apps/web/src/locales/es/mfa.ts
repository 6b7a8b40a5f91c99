import type { Messages } from "../en";

/** Autenticador MFA. */
const mfa: Messages["mfa"] = {
  description: "El autenticador del sistema: su código actual, la comprobación de cualquier código y su configuración por QR.",
  code: {
    title: "Código actual",
    label: "Código MFA actual",
    remaining: "Quedan {{seconds}} s",
    secondsShort: "s",
    remainingLabel: "Tiempo restante antes de que cambie el código",
    refresh: "Actualizar",
    refreshing: "Actualizando…",
    copy: "Copiar código",
    copied: "Copiado",
    copyFailed: "no se pudo copiar el código",
    loadFailed: "No se pudo obtener el código MFA actual",
    retry: "Reintentar",
    audited: "Cada consulta del código queda registrada en el registro de auditoría.",
  },
  verify: {
    title: "Verificar un código",
    description: "Compruebe un código de una aplicación de autenticación con el autenticador del sistema.",
    code: "Código",
    placeholder: "123 456",
    submit: "Verificar",
    required: "el código es obligatorio",
    valid: "El código es válido.",
    invalid: "Este código no es válido. Compruebe la hora del dispositivo y pruebe el código más reciente.",
    failed: "No se pudo verificar el código MFA",
  },
  settings: {
    title: "Configuración de MFA",
    description: "Escanee el código QR con una aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…) para ver los mismos códigos en un teléfono.",
    configuredSince: "Configurado; el secreto puede sustituirse en cualquier momento.",
    configuredOn: "Configurado el {{date}}; el secreto puede sustituirse en cualquier momento.",
    generate: "Generar código QR",
    regenerate: "Sustituir el secreto",
    failed: "No se pudieron generar los datos de aprovisionamiento",
    qrAlt: "Código QR del autenticador del sistema para una aplicación de autenticación",
    scanNow: "Escanee este código ahora: solo se muestra una vez. Si sale de la página, no volverá a verlo.",
    urlLabel: "URL otpauth",
    showUrl: "Mostrar la URL otpauth",
    hideUrl: "Ocultar la URL otpauth",
    urlHidden: "La URL contiene el secreto; permanece oculta hasta que la muestre.",
    copyUrl: "Copiar URL",
    generated: "Nuevo código QR generado",
    confirmTitle: "¿Sustituir el secreto del autenticador?",
    confirmText: "Se crea un secreto nuevo al instante: los códigos anteriores dejan de funcionar y cada aplicación configurada con el QR anterior debe escanear el nuevo.",
    confirm: "Sustituir el secreto",
    cancel: "Cancelar",
  },
  status: {
    failed: "No se pudo comprobar si el autenticador está configurado",
  },
  notConfigured: {
    title: "El autenticador aún no está configurado",
    description: "Genere su secreto y su código QR: el código actual y la verificación de códigos aparecerán cuando exista.",
  },
};

export default mfa;
