import type { Messages } from "../en";

const apiTokens: Messages["apiTokens"] = {
  validation: {
    scope: "Cada escopo deve ser um dos escopos listados",
    scopesRequired: "Escolha pelo menos um escopo",
    expiresAtPast: "A data de expiração deve estar no futuro",
  },
  page: {
    title: "Tokens de API",
    description: "Chaves para que seus próprios sistemas (faturamento, CRM, pipelines de build) chamem a API do portal em seu nome, limitadas aos escopos que você escolher.",
  },
  card: {
    description: "Permita que seus próprios sistemas chamem a API do portal em seu nome, apenas com os escopos que você escolher.",
    open: "Gerenciar tokens de API",
  },
  list: {
    tableLabel: "Tokens de API",
    columns: {
      name: "Nome e prefixo",
      scopes: "Escopos",
      created: "Criado em",
      expires: "Expira em",
      lastUsed: "Último uso",
      status: "Status",
      actions: "Ações",
    },
    prefixLabel: "Token que começa com {{prefix}}",
    noExpiry: "Nunca",
    neverUsed: "Ainda não usado",
    fromIp: "de",
    loadFailed: "Não foi possível carregar os tokens de API.",
    emptyTitle: "Nenhum token de API",
    emptyDescription: "Crie um token para que um script ou outro sistema chame a API do portal por você.",
  },
  status: {
    active: "Ativo",
    expired: "Expirado",
    revoked: "Revogado",
  },
  scopes: {
    read: "Ler tudo o que você vê no portal.",
    licensesWrite: "Solicitar licenças e agir sobre licenças e instalações.",
    ticketsWrite: "Abrir, responder e fechar tickets de suporte.",
    usersWrite: "Aprovar, bloquear e alterar contas de usuário.",
    catalogueWrite: "Alterar o catálogo: planos, recursos e serviços.",
    updatesWrite: "Publicar e alterar atualizações de software.",
    webhooksWrite: "Gerenciar endpoints de webhook e suas entregas.",
    auditRead: "Ler e exportar o registro de auditoria.",
  },
  create: {
    open: "Criar token",
    title: "Criar um token de API",
    name: "Nome",
    nameHint: "O que o usa, para distinguir os tokens (por exemplo \"Sincronização do faturamento\").",
    scopes: "Escopos",
    scopesHint: "Dê ao token apenas o que o sistema dele precisa.",
    adminOnly: "Administradores",
    expiresAt: "Expira em",
    expiresAtHint: "O token deixa de funcionar no fim deste dia. Deixe em branco para um token que não expira.",
    submit: "Criar token",
    done: "Token de API \"{{name}}\" criado",
  },
  secret: {
    title: "Copie seu novo token de API",
    warningTitle: "Esta é a única vez que você verá este token",
    warning: "Copie-o agora e guarde-o em um lugar seguro. Ele não é armazenado e não pode ser mostrado de novo; se o perder, revogue-o e crie outro.",
    label: "Token \"{{name}}\"",
    usage: "Envie-o em cada requisição como",
    done: "Já copiei",
  },
  revoke: {
    action: "Revogar",
    actionFor: "Revogar {{name}}",
    title: "Revogar token de API",
    text: "Revogar \"{{name}}\" ({{prefix}})? Todos os sistemas que o usam serão recusados imediatamente. Isso não pode ser desfeito.",
    done: "Token de API \"{{name}}\" revogado",
  },
  admin: {
    open: "Tokens de API",
    title: "Tokens de API de {{name}}",
    description: "Os tokens de API deste usuário. Você pode revogá-los; só o próprio usuário pode criá-los.",
    emptyDescription: "Este usuário não criou nenhum token de API.",
  },
};

export default apiTokens;
