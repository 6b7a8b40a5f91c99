import type { Messages } from "../en";

/** Autenticador MFA. */
const mfa: Messages["mfa"] = {
  description: "O autenticador do sistema: o código atual, a verificação de qualquer código e a configuração por QR.",
  code: {
    title: "Código atual",
    label: "Código MFA atual",
    remaining: "Faltam {{seconds}} s",
    secondsShort: "s",
    remainingLabel: "Tempo restante até o código mudar",
    refresh: "Atualizar",
    refreshing: "Atualizando…",
    copy: "Copiar código",
    copied: "Copiado",
    copyFailed: "falha ao copiar o código",
    loadFailed: "Falha ao obter o código MFA atual",
    retry: "Tentar novamente",
    audited: "Cada visualização do código é registrada no log de auditoria.",
  },
  verify: {
    title: "Verificar um código",
    description: "Confira um código de um aplicativo autenticador com o autenticador do sistema.",
    code: "Código",
    placeholder: "123 456",
    submit: "Verificar",
    required: "o código é obrigatório",
    valid: "O código é válido.",
    invalid: "Este código não é válido. Confira o relógio do dispositivo e tente o código mais recente.",
    failed: "Falha ao verificar o código MFA",
  },
  settings: {
    title: "Configurações de MFA",
    description: "Leia o QR code com um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password…) para ver os mesmos códigos em um celular.",
    configuredSince: "Configurado; o segredo pode ser substituído a qualquer momento.",
    configuredOn: "Configurado em {{date}}; o segredo pode ser substituído a qualquer momento.",
    generate: "Gerar QR code",
    regenerate: "Substituir o segredo",
    failed: "Falha ao gerar os dados de provisionamento",
    qrAlt: "QR code do autenticador do sistema para um aplicativo autenticador",
    scanNow: "Leia este código agora: ele é exibido só uma vez. Ao sair da página, ele não aparece mais.",
    urlLabel: "URL otpauth",
    showUrl: "Mostrar a URL otpauth",
    hideUrl: "Ocultar a URL otpauth",
    urlHidden: "A URL contém o segredo; ela fica oculta até você mostrá-la.",
    copyUrl: "Copiar URL",
    generated: "Novo QR code gerado",
    confirmTitle: "Substituir o segredo do autenticador?",
    confirmText: "Um novo segredo é criado na hora: os códigos antigos param de funcionar, e todo aplicativo configurado com o QR code antigo precisa ler o novo.",
    confirm: "Substituir o segredo",
    cancel: "Cancelar",
  },
  status: {
    failed: "Não foi possível verificar se o autenticador está configurado",
  },
  notConfigured: {
    title: "O autenticador ainda não foi configurado",
    description: "Gere o segredo e o QR code: o código atual e a verificação de códigos aparecem quando ele existir.",
  },
};

export default mfa;
