import type { Messages } from "../en";

/** Página de configurações. */
const settings: Messages["settings"] = {
  subtitle: "Como o portal aparece para você, em todos os dispositivos em que você entrar.",
  savedAutomatically: "As alterações são salvas automaticamente",
  saving: "Salvando…",
  loadFailed: "Não foi possível carregar suas configurações",
  appearance: {
    title: "Aparência",
    description: "O tema de cores, as linhas das tabelas e a barra lateral.",
  },
  theme: {
    label: "Tema",
    light: "Claro",
    dark: "Escuro",
    auto: "Sistema",
    autoHint: "Segue a configuração do seu dispositivo (agora: {{scheme}}).",
  },
  density: {
    label: "Densidade das tabelas",
    hint: "Linhas compactas mostram mais de uma lista na tela.",
    comfortable: "Confortável",
    compact: "Compacta",
  },
  sidebar: {
    label: "Começar com a barra lateral recolhida",
    hint: "Em uma tela grande, a barra lateral vira uma coluna de ícones. Em telas menores, ela fica oculta até você abri-la.",
  },
  region: {
    title: "Idioma e região",
    description: "O idioma do portal e o fuso horário em que as datas e horas são mostradas.",
  },
  language: {
    label: "Idioma",
  },
  timeZone: {
    label: "Fuso horário",
    hint: "Todas as datas e horas do portal são mostradas neste fuso.",
    device: "Fuso deste dispositivo: {{zone}}",
    nothingFound: "Nenhum fuso horário corresponde",
    now: "Agora: {{time}}",
  },
  validation: {
    theme: "O tema deve ser light, dark ou auto",
    language: "O idioma deve ser um de: {{languages}}",
    density: "A densidade da tabela deve ser comfortable ou compact",
    timeZone: "O fuso horário deve ser um nome de zona IANA como Europe/Istanbul",
    unknownTimeZone: "Fuso horário desconhecido: use um nome de zona IANA como Europe/Istanbul",
  },
};

export default settings;
