import { inArray } from "drizzle-orm";
import type { FaqCategoryKey, PortalLanguage } from "@portal/contract";
import { recordAudit } from "../db/audit.js";
import type { Database } from "../db/client.js";
import { faqCategories, faqEntries, faqEntryTranslations } from "../db/schema/index.js";

type Texts = Record<PortalLanguage, readonly [question: string, answer: string]>;

/**
 * SEED_DEMO=1: the product texts of spec section 1 (network access control, Wi-Fi access, voice,
 * logs, two products in development; support, training and sales channels), in every language.
 * Answers are Markdown, as an administrator would write them.
 */
export const DEMO_FAQ: { category: FaqCategoryKey; popular: boolean; texts: Texts }[] = [
  {
    category: "network-access",
    popular: true,
    texts: {
      en: [
        "What does Network Access Control do?",
        "Network Access Control decides **who and what may join your network**, and enforces it at the switch port or access point:\n\n- users authenticate with 802.1X against your directory;\n- printers, cameras and other devices without a login are recognised by their profile (MAB);\n- anything unknown lands in a quarantine VLAN until an administrator decides.",
      ],
      tr: [
        "Ağ Erişim Kontrolü ne işe yarar?",
        "Ağ Erişim Kontrolü, **ağınıza kimin ve neyin katılabileceğine** karar verir ve bunu anahtar portunda veya erişim noktasında uygular:\n\n- kullanıcılar dizininize karşı 802.1X ile kimlik doğrular;\n- yazıcılar, kameralar ve oturum açamayan diğer cihazlar profillerinden tanınır (MAB);\n- tanınmayan her şey, bir yönetici karar verene kadar karantina VLAN'ına alınır.",
      ],
      es: [
        "¿Qué hace el Control de acceso a la red?",
        "El Control de acceso a la red decide **quién y qué puede unirse a su red**, y lo aplica en el puerto del switch o en el punto de acceso:\n\n- los usuarios se autentican con 802.1X contra su directorio;\n- las impresoras, cámaras y otros dispositivos sin inicio de sesión se reconocen por su perfil (MAB);\n- todo lo desconocido queda en una VLAN de cuarentena hasta que un administrador decida.",
      ],
      "zh-CN": [
        "网络准入控制有什么作用？",
        "网络准入控制决定**哪些人和设备可以接入您的网络**，并在交换机端口或无线接入点上执行：\n\n- 用户通过 802.1X 依据您的目录进行认证；\n- 打印机、摄像头等无法登录的设备按其特征识别（MAB）；\n- 任何未知设备都会被放入隔离 VLAN，直到管理员做出决定。",
      ],
      fa: [
        "کنترل دسترسی به شبکه چه کاری انجام می‌دهد؟",
        "کنترل دسترسی به شبکه تعیین می‌کند **چه کسی و چه دستگاهی به شبکهٔ شما بپیوندد** و آن را در پورت سوئیچ یا نقطهٔ دسترسی اعمال می‌کند:\n\n- کاربران با 802.1X در برابر دایرکتوری شما احراز هویت می‌شوند؛\n- چاپگرها، دوربین‌ها و دستگاه‌های دیگری که ورود ندارند از روی مشخصاتشان شناسایی می‌شوند (MAB)؛\n- هر دستگاه ناشناخته تا تصمیم مدیر در یک VLAN قرنطینه می‌ماند.",
      ],
      "pt-BR": [
        "O que o Controle de acesso à rede faz?",
        "O Controle de acesso à rede decide **quem e o que pode entrar na sua rede** e aplica isso na porta do switch ou no ponto de acesso:\n\n- os usuários se autenticam com 802.1X no seu diretório;\n- impressoras, câmeras e outros dispositivos sem login são reconhecidos pelo perfil (MAB);\n- tudo o que for desconhecido fica em uma VLAN de quarentena até que um administrador decida.",
      ],
    },
  },
  {
    category: "network-access",
    popular: false,
    texts: {
      en: [
        "Which switches and access points does it work with?",
        "Any equipment that speaks **RADIUS with 802.1X and MAC authentication bypass** and accepts dynamic VLANs (RFC 3580) — that covers the current lines of the major vendors. Ask support for the tested model list before you buy.",
      ],
      tr: [
        "Hangi anahtarlar ve erişim noktalarıyla çalışır?",
        "**802.1X ve MAC kimlik doğrulama atlaması ile RADIUS** konuşan ve dinamik VLAN'ları (RFC 3580) kabul eden her cihazla — bu, büyük üreticilerin güncel ürün serilerini kapsar. Satın almadan önce test edilmiş model listesini destek ekibinden isteyin.",
      ],
      es: [
        "¿Con qué switches y puntos de acceso funciona?",
        "Con cualquier equipo que hable **RADIUS con 802.1X y omisión de autenticación MAC** y acepte VLAN dinámicas (RFC 3580), lo que cubre las líneas actuales de los principales fabricantes. Pida a soporte la lista de modelos probados antes de comprar.",
      ],
      "zh-CN": [
        "它支持哪些交换机和无线接入点？",
        "任何支持 **RADIUS（802.1X 和 MAC 认证旁路）** 并接受动态 VLAN（RFC 3580）的设备都可以，这涵盖了主流厂商的现行产品线。购买前请向技术支持索取经过测试的型号清单。",
      ],
      fa: [
        "با کدام سوئیچ‌ها و نقاط دسترسی کار می‌کند؟",
        "با هر تجهیزاتی که **RADIUS با 802.1X و دور زدن احراز هویت MAC** را پشتیبانی کند و VLAN پویا (RFC 3580) را بپذیرد؛ این شامل محصولات فعلی تولیدکنندگان اصلی می‌شود. پیش از خرید، فهرست مدل‌های آزمایش‌شده را از پشتیبانی بخواهید.",
      ],
      "pt-BR": [
        "Com quais switches e pontos de acesso ele funciona?",
        "Com qualquer equipamento que fale **RADIUS com 802.1X e desvio de autenticação MAC** e aceite VLANs dinâmicas (RFC 3580), o que cobre as linhas atuais dos principais fabricantes. Peça ao suporte a lista de modelos testados antes de comprar.",
      ],
    },
  },
  {
    category: "wifi-access",
    popular: true,
    texts: {
      en: [
        "How do guests get on our Wi-Fi?",
        "The Wi-Fi Access Gateway shows guests a **captive portal** in your colours. They can sign in with a one-time SMS code, a voucher printed at reception, or a sponsor's approval by e-mail. Each guest gets a time limit and a bandwidth policy; staff devices use 802.1X and never see the portal.",
      ],
      tr: [
        "Misafirler Wi-Fi ağımıza nasıl bağlanır?",
        "Wi-Fi Erişim Ağ Geçidi misafirlere kendi renklerinizde bir **karşılama portalı** gösterir. Misafirler tek kullanımlık SMS koduyla, resepsiyonda basılan bir kuponla veya bir sorumlunun e-postayla onayıyla giriş yapabilir. Her misafire süre sınırı ve bant genişliği politikası atanır; personel cihazları 802.1X kullanır ve portalı hiç görmez.",
      ],
      es: [
        "¿Cómo se conectan los invitados a nuestra Wi-Fi?",
        "El Wi-Fi Access Gateway muestra a los invitados un **portal cautivo** con sus colores. Pueden entrar con un código SMS de un solo uso, un cupón impreso en recepción o la aprobación por correo de un anfitrión. Cada invitado recibe un límite de tiempo y una política de ancho de banda; los dispositivos del personal usan 802.1X y nunca ven el portal.",
      ],
      "zh-CN": [
        "访客如何连接我们的 Wi-Fi？",
        "Wi-Fi 接入网关会向访客显示采用您品牌配色的**强制门户**。访客可以使用一次性短信验证码、前台打印的上网券，或由接待人通过电子邮件批准后登录。每位访客都有时长限制和带宽策略；员工设备使用 802.1X，不会看到门户页面。",
      ],
      fa: [
        "مهمانان چگونه به Wi-Fi ما وصل می‌شوند؟",
        "درگاه دسترسی Wi-Fi یک **پورتال ورود** با رنگ‌های سازمان شما به مهمانان نشان می‌دهد. آن‌ها می‌توانند با کد پیامکی یک‌بارمصرف، کوپن چاپ‌شده در پذیرش یا تأیید یک میزبان از طریق ایمیل وارد شوند. برای هر مهمان محدودیت زمانی و سیاست پهنای باند تعیین می‌شود؛ دستگاه‌های کارکنان از 802.1X استفاده می‌کنند و هرگز پورتال را نمی‌بینند.",
      ],
      "pt-BR": [
        "Como os visitantes entram no nosso Wi-Fi?",
        "O Wi-Fi Access Gateway mostra aos visitantes um **portal cativo** com as suas cores. Eles podem entrar com um código SMS de uso único, um voucher impresso na recepção ou a aprovação de um anfitrião por e-mail. Cada visitante recebe um limite de tempo e uma política de banda; os dispositivos da equipe usam 802.1X e nunca veem o portal.",
      ],
    },
  },
  {
    category: "voice",
    popular: false,
    texts: {
      en: [
        "What does the Voice Platform include?",
        "Extensions for desk phones and softphones, SIP trunks to your carrier, an **IVR** designer, queues with wallboards, and call recording with retention rules. It is licensed per extension; trunks and IVR menus are not counted.",
      ],
      tr: [
        "Ses Platformu neleri içerir?",
        "Masa telefonları ve yazılım telefonları için dahili hatlar, operatörünüze SIP trunk bağlantıları, bir **IVR** tasarımcısı, pano ekranlı çağrı kuyrukları ve saklama kurallarıyla çağrı kaydı. Lisanslama dahili hat başınadır; trunk'lar ve IVR menüleri sayılmaz.",
      ],
      es: [
        "¿Qué incluye la Plataforma de voz?",
        "Extensiones para teléfonos de escritorio y softphones, troncales SIP con su operador, un diseñador de **IVR**, colas con paneles de control y grabación de llamadas con reglas de retención. Se licencia por extensión; las troncales y los menús IVR no cuentan.",
      ],
      "zh-CN": [
        "语音平台包含哪些功能？",
        "桌面电话和软电话分机、连接运营商的 SIP 中继、**IVR** 设计器、带大屏看板的呼叫队列，以及可设置保留规则的通话录音。按分机数授权；中继和 IVR 菜单不计数。",
      ],
      fa: [
        "پلتفرم تلفن صوتی شامل چه چیزهایی است؟",
        "داخلی برای تلفن‌های رومیزی و نرم‌افزاری، ترانک‌های SIP به اپراتور شما، طراح **IVR**، صف‌های تماس با نمایشگر وضعیت و ضبط تماس با قوانین نگهداری. مجوز بر اساس تعداد داخلی‌هاست؛ ترانک‌ها و منوهای IVR شمرده نمی‌شوند.",
      ],
      "pt-BR": [
        "O que a Plataforma de voz inclui?",
        "Ramais para telefones de mesa e softphones, troncos SIP com a sua operadora, um editor de **URA (IVR)**, filas com painéis de acompanhamento e gravação de chamadas com regras de retenção. O licenciamento é por ramal; troncos e menus de URA não contam.",
      ],
    },
  },
  {
    category: "log-management",
    popular: false,
    texts: {
      en: [
        "How long are logs kept, and can auditors trust them?",
        "Retention is yours to set per source (the default is 400 days). Every day's logs are sealed in an archive **signed with a timestamp**, so an auditor can prove nothing was changed afterwards. Search results export to CSV from version 4.2.",
      ],
      tr: [
        "Loglar ne kadar süre saklanır ve denetçiler bunlara güvenebilir mi?",
        "Saklama süresini kaynak başına siz belirlersiniz (varsayılan 400 gün). Her günün logları **zaman damgasıyla imzalanmış** bir arşivde mühürlenir; böylece bir denetçi sonradan hiçbir şeyin değiştirilmediğini kanıtlayabilir. Arama sonuçları 4.2 sürümünden itibaren CSV olarak dışa aktarılabilir.",
      ],
      es: [
        "¿Cuánto tiempo se conservan los registros y pueden fiarse de ellos los auditores?",
        "Usted fija la retención por origen (400 días por defecto). Los registros de cada día se sellan en un archivo **firmado con marca de tiempo**, así un auditor puede demostrar que nada se cambió después. Los resultados de búsqueda se exportan a CSV desde la versión 4.2.",
      ],
      "zh-CN": [
        "日志保存多久？审计人员可以信任这些日志吗？",
        "保留期限可按日志来源自行设置（默认 400 天）。每天的日志都会封存到**带时间戳签名**的归档中，审计人员可以据此证明日志事后未被改动。从 4.2 版本起，搜索结果可导出为 CSV。",
      ],
      fa: [
        "لاگ‌ها چه مدت نگهداری می‌شوند و آیا حسابرسان می‌توانند به آن‌ها اعتماد کنند؟",
        "مدت نگهداری را برای هر منبع خودتان تعیین می‌کنید (پیش‌فرض ۴۰۰ روز). لاگ‌های هر روز در یک آرشیو **امضاشده با مهر زمانی** بسته می‌شوند تا حسابرس بتواند ثابت کند بعداً چیزی تغییر نکرده است. از نسخهٔ 4.2 نتایج جست‌وجو به CSV صادر می‌شوند.",
      ],
      "pt-BR": [
        "Por quanto tempo os logs ficam guardados, e os auditores podem confiar neles?",
        "Você define a retenção por origem (o padrão é 400 dias). Os logs de cada dia são lacrados em um arquivo **assinado com carimbo de tempo**, para que um auditor prove que nada foi alterado depois. Os resultados de busca podem ser exportados em CSV a partir da versão 4.2.",
      ],
    },
  },
  {
    category: "threat-analytics",
    popular: false,
    texts: {
      en: [
        "When will Threat Analytics be available?",
        "Threat Analytics is **in development**: it learns the normal traffic and log patterns of your network and flags what departs from them. A preview is open to customers of Network Access Control and Log Management — [request a demo](#demo) to join it.",
      ],
      tr: [
        "Tehdit Analitiği ne zaman kullanıma sunulacak?",
        "Tehdit Analitiği **geliştirme aşamasında**: ağınızın olağan trafik ve log örüntülerini öğrenir ve bunlardan sapanları işaretler. Ön sürüm, Ağ Erişim Kontrolü ve Log Yönetimi müşterilerine açık — katılmak için [demo talep edin](#demo).",
      ],
      es: [
        "¿Cuándo estará disponible Análisis de amenazas?",
        "Análisis de amenazas está **en desarrollo**: aprende los patrones normales de tráfico y registros de su red y señala lo que se aparta de ellos. Hay una versión preliminar abierta a los clientes de Control de acceso a la red y Gestión de registros: [solicite una demostración](#demo) para unirse.",
      ],
      "zh-CN": [
        "威胁分析什么时候上线？",
        "威胁分析目前**正在开发中**：它会学习您网络中正常的流量和日志模式，并标记偏离这些模式的情况。预览版已向网络准入控制和日志管理的客户开放，[申请演示](#demo)即可加入。",
      ],
      fa: [
        "تحلیل تهدید چه زمانی در دسترس خواهد بود؟",
        "تحلیل تهدید **در حال توسعه** است: الگوهای عادی ترافیک و لاگ شبکهٔ شما را یاد می‌گیرد و هر چه را از آن‌ها فاصله بگیرد علامت می‌زند. نسخهٔ پیش‌نمایش برای مشتریان کنترل دسترسی به شبکه و مدیریت لاگ باز است؛ برای پیوستن [درخواست دمو دهید](#demo).",
      ],
      "pt-BR": [
        "Quando a Análise de ameaças estará disponível?",
        "A Análise de ameaças está **em desenvolvimento**: ela aprende os padrões normais de tráfego e de logs da sua rede e sinaliza o que foge deles. Uma prévia está aberta aos clientes de Controle de acesso à rede e Gerenciamento de logs — [solicite uma demonstração](#demo) para participar.",
      ],
    },
  },
  {
    category: "endpoint-inventory",
    popular: false,
    texts: {
      en: [
        "What will Endpoint Inventory do?",
        "Endpoint Inventory, **in development**, will discover every device that connects — by switch port, Wi-Fi association and DHCP — and keep one inventory with its owner, operating system and last sighting. It will share its data with Network Access Control, so a policy can name a device class.",
      ],
      tr: [
        "Uç Nokta Envanteri ne yapacak?",
        "**Geliştirme aşamasındaki** Uç Nokta Envanteri, bağlanan her cihazı anahtar portu, Wi-Fi ilişkilendirmesi ve DHCP üzerinden keşfedecek ve sahibi, işletim sistemi ve son görülme zamanıyla tek bir envanter tutacak. Verilerini Ağ Erişim Kontrolü ile paylaşacak; böylece bir politika bir cihaz sınıfını hedefleyebilecek.",
      ],
      es: [
        "¿Qué hará Inventario de endpoints?",
        "Inventario de endpoints, **en desarrollo**, descubrirá cada dispositivo que se conecte —por puerto del switch, asociación Wi-Fi y DHCP— y mantendrá un único inventario con su propietario, sistema operativo y última detección. Compartirá sus datos con Control de acceso a la red, para que una política pueda nombrar una clase de dispositivo.",
      ],
      "zh-CN": [
        "终端资产清点将提供哪些功能？",
        "终端资产清点目前**正在开发中**，它将通过交换机端口、Wi-Fi 关联和 DHCP 发现每一台接入的设备，并统一记录其所有者、操作系统和最近一次出现时间。它会与网络准入控制共享数据，让策略可以按设备类别来制定。",
      ],
      fa: [
        "فهرست دستگاه‌های شبکه چه کاری انجام خواهد داد؟",
        "این محصول که **در حال توسعه** است، هر دستگاهی را که وصل شود از طریق پورت سوئیچ، اتصال Wi-Fi و DHCP شناسایی می‌کند و فهرستی واحد با مالک، سیستم‌عامل و آخرین زمان مشاهدهٔ آن نگه می‌دارد. داده‌هایش را با کنترل دسترسی به شبکه به اشتراک می‌گذارد تا یک سیاست بتواند دسته‌ای از دستگاه‌ها را هدف بگیرد.",
      ],
      "pt-BR": [
        "O que o Inventário de endpoints vai fazer?",
        "O Inventário de endpoints, **em desenvolvimento**, vai descobrir cada dispositivo que se conecta — pela porta do switch, pela associação Wi-Fi e pelo DHCP — e manter um inventário único com dono, sistema operacional e última aparição. Ele vai compartilhar os dados com o Controle de acesso à rede, para que uma política possa citar uma classe de dispositivo.",
      ],
    },
  },
  {
    category: "support",
    popular: true,
    texts: {
      en: [
        "How do I get help from support?",
        "Open a ticket under [Create ticket](/create-new-ticket) and describe what happened; attach screenshots or logs if you have them. You can follow the answers under [My support tickets](/my-tickets). Critical tickets are answered around the clock with Premium support, within one business day otherwise.",
      ],
      tr: [
        "Destek ekibinden nasıl yardım alırım?",
        "[Talep oluştur](/create-new-ticket) sayfasından bir destek talebi açın ve ne olduğunu anlatın; varsa ekran görüntüleri veya loglar ekleyin. Yanıtları [Destek taleplerim](/my-tickets) sayfasından takip edebilirsiniz. Kritik talepler Premium destekle günün her saati, diğerleri bir iş günü içinde yanıtlanır.",
      ],
      es: [
        "¿Cómo obtengo ayuda de soporte?",
        "Abra un ticket en [Crear ticket](/create-new-ticket) y describa lo ocurrido; adjunte capturas o registros si los tiene. Puede seguir las respuestas en [Mis tickets de soporte](/my-tickets). Los tickets críticos se atienden a cualquier hora con Soporte premium; los demás, en un día hábil.",
      ],
      "zh-CN": [
        "如何获得技术支持？",
        "在[创建工单](/create-new-ticket)中提交工单并描述问题经过，如有截图或日志请一并附上。您可以在[我的支持工单](/my-tickets)中查看回复。购买高级支持后，紧急工单全天候响应；其他工单在一个工作日内答复。",
      ],
      fa: [
        "چگونه از پشتیبانی کمک بگیرم؟",
        "از بخش [ایجاد تیکت](/create-new-ticket) یک تیکت باز کنید و آنچه رخ داده را شرح دهید؛ اگر تصویر صفحه یا لاگ دارید پیوست کنید. پاسخ‌ها را در [تیکت‌های پشتیبانی من](/my-tickets) دنبال کنید. تیکت‌های بحرانی با پشتیبانی ویژه در تمام ساعات و بقیه ظرف یک روز کاری پاسخ داده می‌شوند.",
      ],
      "pt-BR": [
        "Como recebo ajuda do suporte?",
        "Abra um chamado em [Criar chamado](/create-new-ticket) e descreva o que aconteceu; anexe capturas de tela ou logs, se tiver. Acompanhe as respostas em [Meus chamados de suporte](/my-tickets). Chamados críticos são atendidos a qualquer hora com o Suporte premium; os demais, em até um dia útil.",
      ],
    },
  },
  {
    category: "support",
    popular: true,
    texts: {
      en: [
        "How do I activate a licence on a server without internet access?",
        "Use the offline flow:\n\n1. On the server, create the `.req` file (line 1 is the licence key, line 2 the installation data).\n2. Upload it on the [Updates](/updates) page of this portal.\n3. Download the signed licence file and copy it to the server, which verifies it without calling us.\n\nEach installation counts towards the licence's activations.",
      ],
      tr: [
        "İnternet erişimi olmayan bir sunucuda lisansı nasıl etkinleştiririm?",
        "Çevrimdışı akışı kullanın:\n\n1. Sunucuda `.req` dosyasını oluşturun (1. satır lisans anahtarı, 2. satır kurulum verisi).\n2. Dosyayı bu portalın [Güncellemeler](/updates) sayfasına yükleyin.\n3. İmzalı lisans dosyasını indirip sunucuya kopyalayın; sunucu bize bağlanmadan doğrular.\n\nHer kurulum lisansın etkinleştirme sayısına dahil edilir.",
      ],
      es: [
        "¿Cómo activo una licencia en un servidor sin acceso a internet?",
        "Use el flujo sin conexión:\n\n1. En el servidor, cree el archivo `.req` (la línea 1 es la clave de licencia; la línea 2, los datos de instalación).\n2. Súbalo en la página [Actualizaciones](/updates) de este portal.\n3. Descargue el archivo de licencia firmado y cópielo al servidor, que lo verifica sin contactarnos.\n\nCada instalación cuenta para las activaciones de la licencia.",
      ],
      "zh-CN": [
        "如何在无法联网的服务器上激活许可证？",
        "请使用离线流程：\n\n1. 在服务器上生成 `.req` 文件（第 1 行为许可证密钥，第 2 行为安装数据）。\n2. 在本门户的[更新](/updates)页面上传该文件。\n3. 下载签名的许可证文件并复制到服务器，服务器无需联系我们即可完成验证。\n\n每次安装都会计入许可证的激活次数。",
      ],
      fa: [
        "چگونه مجوز را روی سروری بدون دسترسی به اینترنت فعال کنم؟",
        "از روش آفلاین استفاده کنید:\n\n1. روی سرور فایل `.req` را بسازید (خط اول کلید مجوز و خط دوم داده‌های نصب).\n2. آن را در صفحهٔ [به‌روزرسانی‌ها](/updates) همین پورتال بارگذاری کنید.\n3. فایل مجوز امضاشده را دانلود و روی سرور کپی کنید؛ سرور بدون تماس با ما آن را تأیید می‌کند.\n\nهر نصب جزو تعداد فعال‌سازی‌های مجوز شمرده می‌شود.",
      ],
      "pt-BR": [
        "Como ativo uma licença em um servidor sem acesso à internet?",
        "Use o fluxo offline:\n\n1. No servidor, gere o arquivo `.req` (a linha 1 é a chave da licença; a linha 2, os dados da instalação).\n2. Envie-o na página [Atualizações](/updates) deste portal.\n3. Baixe o arquivo de licença assinado e copie-o para o servidor, que o verifica sem falar conosco.\n\nCada instalação conta para as ativações da licença.",
      ],
    },
  },
  {
    category: "training",
    popular: false,
    texts: {
      en: [
        "Do you offer training for our administrators?",
        "Yes. Administrator courses for every product run **online every month** and at your office on request; each ends with a hands-on lab and a certificate. Training comes with the Professional and Enterprise plans, or on its own — ask sales for the next dates.",
      ],
      tr: [
        "Yöneticilerimiz için eğitim veriyor musunuz?",
        "Evet. Her ürün için yönetici eğitimleri **her ay çevrimiçi** ve talep üzerine ofisinizde düzenlenir; her biri uygulamalı bir laboratuvar çalışması ve sertifikayla biter. Eğitim, Professional ve Enterprise planlarına dahildir veya ayrıca alınabilir — sonraki tarihler için satış ekibine sorun.",
      ],
      es: [
        "¿Ofrecen formación para nuestros administradores?",
        "Sí. Los cursos para administradores de cada producto se imparten **en línea cada mes** y en su oficina bajo petición; cada uno termina con un laboratorio práctico y un certificado. La formación viene con los planes Professional y Enterprise, o por separado: pregunte a ventas por las próximas fechas.",
      ],
      "zh-CN": [
        "你们为我们的管理员提供培训吗？",
        "提供。每款产品的管理员课程**每月在线开课**，也可应要求到贵公司现场授课；每门课程都以动手实验和结业证书收尾。Professional 和 Enterprise 套餐包含培训，也可单独购买，具体日期请咨询销售团队。",
      ],
      fa: [
        "آیا برای مدیران ما آموزش ارائه می‌دهید؟",
        "بله. دوره‌های مدیریت هر محصول **هر ماه به‌صورت آنلاین** و در صورت درخواست در دفتر شما برگزار می‌شود؛ هر دوره با یک کارگاه عملی و گواهی‌نامه به پایان می‌رسد. آموزش همراه با طرح‌های Professional و Enterprise ارائه می‌شود یا جداگانه قابل خرید است؛ تاریخ‌های بعدی را از فروش بپرسید.",
      ],
      "pt-BR": [
        "Vocês oferecem treinamento para os nossos administradores?",
        "Sim. Os cursos para administradores de cada produto acontecem **online todo mês** e no seu escritório sob demanda; cada um termina com um laboratório prático e um certificado. O treinamento vem com os planos Professional e Enterprise, ou avulso — pergunte ao time de vendas pelas próximas datas.",
      ],
    },
  },
  {
    category: "sales",
    popular: true,
    texts: {
      en: [
        "How do I buy a licence, and how is it paid?",
        "Choose a plan on [Pricing plans](/pricing-plans), or build your own from the features you need, and send the request. Payments are handled **manually by our enterprise team** for now: they reply within 2 hours on business days, 9:00–18:00, with an invoice and the payment details.",
      ],
      tr: [
        "Nasıl lisans satın alırım ve ödeme nasıl yapılır?",
        "[Fiyat planları](/pricing-plans) sayfasından bir plan seçin veya ihtiyacınız olan özelliklerden kendi planınızı oluşturun ve talebi gönderin. Ödemeler şimdilik **kurumsal ekibimiz tarafından elle** yürütülür: iş günlerinde 09:00–18:00 arasında 2 saat içinde fatura ve ödeme bilgileriyle dönüş yaparlar.",
      ],
      es: [
        "¿Cómo compro una licencia y cómo se paga?",
        "Elija un plan en [Planes de precios](/pricing-plans), o arme el suyo con las funciones que necesita, y envíe la solicitud. Por ahora los pagos los gestiona **manualmente nuestro equipo empresarial**: responde en 2 horas en días hábiles, de 9:00 a 18:00, con la factura y los datos de pago.",
      ],
      "zh-CN": [
        "如何购买许可证？如何付款？",
        "在[价格方案](/pricing-plans)中选择一个方案，或按需选择功能组建自己的方案，然后提交申请。目前付款由我们的**企业团队人工处理**：工作日 9:00–18:00 期间会在 2 小时内回复，并提供发票和付款信息。",
      ],
      fa: [
        "چگونه مجوز بخرم و پرداخت چگونه انجام می‌شود؟",
        "در صفحهٔ [طرح‌های قیمت](/pricing-plans) یک طرح انتخاب کنید یا از قابلیت‌های مورد نیازتان طرح خودتان را بسازید و درخواست را بفرستید. پرداخت‌ها فعلاً **به‌صورت دستی توسط تیم سازمانی ما** انجام می‌شود: آن‌ها در روزهای کاری، ساعت ۹ تا ۱۸، ظرف ۲ ساعت با فاکتور و اطلاعات پرداخت پاسخ می‌دهند.",
      ],
      "pt-BR": [
        "Como compro uma licença e como é o pagamento?",
        "Escolha um plano em [Planos de preços](/pricing-plans), ou monte o seu com os recursos de que precisa, e envie o pedido. Por enquanto os pagamentos são feitos **manualmente pela nossa equipe corporativa**: ela responde em até 2 horas em dias úteis, das 9h às 18h, com a fatura e os dados de pagamento.",
      ],
    },
  },
  {
    category: "sales",
    popular: false,
    texts: {
      en: [
        "Can we see the products before we buy?",
        "Of course. Use **Request a demo** on this page: leave your e-mail and the product you are interested in, and a sales engineer will arrange a live demo and a 30-day trial licence.",
      ],
      tr: [
        "Satın almadan önce ürünleri görebilir miyiz?",
        "Elbette. Bu sayfadaki **Demo talep et** düğmesini kullanın: e-posta adresinizi ve ilgilendiğiniz ürünü bırakın; bir satış mühendisi canlı bir demo ve 30 günlük deneme lisansı ayarlasın.",
      ],
      es: [
        "¿Podemos ver los productos antes de comprar?",
        "Por supuesto. Use **Solicitar una demostración** en esta página: deje su correo y el producto que le interesa, y un ingeniero de ventas organizará una demostración en vivo y una licencia de prueba de 30 días.",
      ],
      "zh-CN": [
        "购买前可以先看看产品吗？",
        "当然可以。请使用本页的**申请演示**：留下您的电子邮箱和感兴趣的产品，销售工程师会为您安排在线演示和 30 天试用许可证。",
      ],
      fa: [
        "آیا پیش از خرید می‌توانیم محصولات را ببینیم؟",
        "حتماً. از گزینهٔ **درخواست دمو** در همین صفحه استفاده کنید: ایمیل و محصول مورد نظرتان را بگذارید تا یک مهندس فروش یک دموی زنده و مجوز آزمایشی ۳۰ روزه برایتان ترتیب دهد.",
      ],
      "pt-BR": [
        "Podemos ver os produtos antes de comprar?",
        "Claro. Use **Solicitar demonstração** nesta página: deixe o seu e-mail e o produto de interesse, e um engenheiro de vendas vai agendar uma demonstração ao vivo e uma licença de teste de 30 dias.",
      ],
    },
  },
];

/** The demo FAQ, once: nothing is added while the FAQ has any entry (an administrator's own included). */
export async function seedDemoFaq(db: Database): Promise<boolean> {
  const [existing] = await db.select({ id: faqEntries.id }).from(faqEntries).limit(1);
  if (existing) return false;
  const categoryRows = await db
    .select({ id: faqCategories.id, key: faqCategories.key })
    .from(faqCategories)
    .where(inArray(faqCategories.key, [...new Set(DEMO_FAQ.map((entry) => entry.category))]));
  const categoryId = new Map(categoryRows.map((row) => [row.key, row.id]));
  await db.transaction(async (tx) => {
    const positions = new Map<string, number>();
    for (const entry of DEMO_FAQ) {
      const category = categoryId.get(entry.category);
      if (!category) continue;
      const position = positions.get(category) ?? 0;
      positions.set(category, position + 1);
      const [row] = await tx.insert(faqEntries).values({ categoryId: category, popular: entry.popular, position }).returning({ id: faqEntries.id });
      await tx.insert(faqEntryTranslations).values(
        Object.entries(entry.texts).map(([language, [question, answer]]) => ({ entryId: row!.id, language, question, answer })),
      );
    }
    await recordAudit(tx, { actorId: null, ip: null, userAgent: "server start" }, { action: "demo.faq_seeded", details: { entries: DEMO_FAQ.length } });
  });
  return true;
}

