import type { Messages } from "../en";

const updates: Messages["updates"] = {
  description: "Ative uma licença em uma instalação com o arquivo .req dela e encontre suas atualizações de software.",
  req: {
    title: "Enviar um arquivo .req",
    description: "Seu produto gera um arquivo .req: a primeira linha é a chave de licença e a segunda descreve a instalação. Ao enviá-lo, a licença é ativada nessa instalação.",
    choose: "Escolher um arquivo .req",
    dropHere: "Solte um arquivo .req aqui ou clique para escolher",
    rules: "Somente arquivos .req, no máximo 500 KB, pelo menos 2 linhas.",
    keyLine: "Chave de licença",
    upload: "Enviar e ativar",
    another: "Escolher outro arquivo",
    processing: "Enviando e ativando…",
    activated: "Licença ativada",
    activatedDescription: "A licença está ativa nesta instalação. Baixe o arquivo de licença vinculado a ela e coloque-o junto do seu produto.",
    plan: "Plano",
    expires: "Expira em",
    activations: "Ativações",
    installation: "Instalação",
    downloadBound: "Baixar arquivo de licença",
    problems: {
      missing: "Selecione um arquivo .req",
      wrongType: "Selecione apenas arquivos .req",
      tooLarge: "O tamanho do arquivo não pode passar de 500 KB",
      tooFewLines: "O arquivo .req deve ter pelo menos 2 linhas: a chave de licença e, depois, os dados da instalação",
      oneFile: "Selecione um único arquivo .req",
    },
  },
  history: {
    title: "Histórico de atualizações",
    emptyTitle: "Nenhuma atualização ainda",
    emptyDescription: "As atualizações publicadas para suas licenças e seu histórico de downloads aparecerão aqui.",
  },
};

export default updates;
