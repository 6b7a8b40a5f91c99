/**
 * English strings of the logged-in layout (sidebar, top bar, breadcrumbs, menus) and the page titles
 * of its routes: loaded with the main layout (areas.ts), not by /auth/login.
 */
const shell = {
  download: {
    downloading: "Downloading {{name}}…",
    done: "{{name}} downloaded.",
    failed: "Download failed: {{reason}}",
  },
  nav: {
    mainNavigation: "Main navigation",
    dashboard: "Dashboard",
    adminPanel: "Admin Panel",
    admin: {
      dashboard: "Dashboard",
      licenseRequests: "Licence requests",
      users: "Users",
      plans: "Template plans",
      resolutionCenter: "Resolution center",
      purchasedLicenses: "Issued licences",
      manageFeatures: "Manage features",
      manageServices: "Manage services",
      logMonitor: "Log monitor",
      mfaAuthenticator: "MFA authenticator",
      outbox: "Outbox",
      updates: "Updates",
    },
    myTickets: "My support tickets",
    licenseRequests: "Licence requests",
    projects: "Projects",
    payments: "Payments",
    faq: "FAQ",
    preferences: "Preferences",
    settings: "Settings",
    updates: "Updates",
    buyLicense: "Buy license",
    supportAndConsulting: "Support & consulting",
    collapseSidebar: "Collapse sidebar",
    expandSidebar: "Expand sidebar",
    openNavigation: "Open navigation",
    closeNavigation: "Close navigation",
  },
  breadcrumbs: {
    label: "Breadcrumb",
  },
  profileMenu: {
    open: "Open profile menu",
    profile: "Profile",
    settings: "Settings",
    billing: "Billing",
    projects: "Projects",
    faq: "FAQ",
    helpAndSupport: "Help and support",
    logout: "Log out",
    administrator: "Administrator",
  },
  notifications: {
    open: "Notifications",
    title: "Notifications",
    emptyTitle: "No notifications",
    emptyMessage: "You have no notifications right now. We'll let you know when something needs your attention.",
  },
  messages: {
    open: "Messages",
    title: "Messages",
    emptyTitle: "No messages",
    emptyMessage: "You have no messages yet. Replies from our support team will appear here.",
  },
  pages: {
    dashboard: {
      title: "Dashboard",
      welcome: "Welcome back, {{name}}",
      subtitle: "Here is where your licences, requests and support tickets come together.",
      quickLinks: "Quick links",
      links: {
        myLicenses: "My licences",
        myLicensesHint: "Your licence requests and issued licences",
        pricingPlans: "Pricing plans",
        pricingPlansHint: "Compare plans or build a custom licence",
        myTickets: "Support tickets",
        myTicketsHint: "Ask our team for help",
        faq: "FAQ",
        faqHint: "Answers to common questions",
      },
      activityTitle: "Recent activity",
      emptyTitle: "No activity yet",
      emptyDescription: "Once you request a licence or open a ticket, the latest events will show up here.",
    },
    myLicenses: {
      title: "My licences",
      tabsLabel: "Licence views",
      requestsTab: "My License Requests",
      purchasedTab: "My Issued Licenses",
      requestsEmptyTitle: "No licence requests",
      requestsEmptyDescription: "You haven't requested a licence yet. Choose a plan to send your first request.",
      purchasedEmptyTitle: "No issued licences",
      purchasedEmptyDescription: "Licences issued to you will be listed here once a request is approved.",
    },
    licenseRequests: {
      title: "Licence requests",
      emptyTitle: "No licence requests",
      emptyDescription: "Your licence requests and their approval status will appear here.",
    },
    licenseRequestEdit: {
      title: "Edit licence request",
      emptyTitle: "Nothing to edit yet",
      emptyDescription: "The licence request editor will appear here.",
    },
    settings: {
      title: "Settings",
      emptyTitle: "No settings to change yet",
      emptyDescription: "Application settings will be listed here.",
    },
    updates: {
      title: "Updates",
      emptyTitle: "No updates yet",
      emptyDescription: "Your update history and the .req file upload will appear here.",
    },
    preferences: {
      title: "Preferences",
      emptyTitle: "No preferences yet",
      emptyDescription: "Your profile, password, two-factor authentication and notification choices will appear here.",
    },
    projects: {
      title: "Projects",
      emptyTitle: "No projects yet",
      emptyDescription: "Projects group your licences. Your projects will be listed here.",
    },
    payments: {
      title: "Payments",
      emptyTitle: "No payment methods yet",
      emptyDescription: "Your cards, billing address and tax location will appear here.",
    },
    billing: {
      title: "Orders and invoices",
      emptyTitle: "Coming soon",
      emptyDescription: "Billing is not available yet. Payments are currently handled by our enterprise team.",
    },
    pricingPlans: {
      title: "Pricing plans",
      emptyTitle: "No plans to show yet",
      emptyDescription: "Available plans and the custom plan builder will appear here.",
    },
    customLicense: {
      title: "Custom licence",
      emptyTitle: "No features to choose yet",
      emptyDescription: "Pick the features of your custom plan here.",
    },
    planConfirmation: {
      title: "Plan confirmation",
      emptyTitle: "No plan selected",
      emptyDescription: "The plan you select will be shown here for confirmation.",
    },
    faq: {
      title: "FAQ",
      emptyTitle: "No questions yet",
      emptyDescription: "Frequently asked questions will appear here.",
    },
    myTickets: {
      title: "My support tickets",
      emptyTitle: "No tickets yet",
      emptyDescription: "You haven't opened a support ticket. Create one and our team will get back to you.",
      create: "Create ticket",
    },
    ticketDetails: {
      title: "Ticket details",
      emptyTitle: "No messages yet",
      emptyDescription: "The conversation of this ticket will appear here.",
    },
    createTicket: {
      title: "Create ticket",
      emptyTitle: "Ticket form not available yet",
      emptyDescription: "The form to open a new support ticket will appear here.",
    },
    purchasedLicenses: {
      title: "Issued licences",
      emptyTitle: "No issued licences",
      emptyDescription: "Licences issued to you will be listed here.",
    },
    admin: {
      dashboard: {
        title: "Admin dashboard",
        emptyTitle: "No figures yet",
        emptyDescription: "Statistics about licences, users and tickets will appear here.",
      },
      licenseRequests: {
        title: "Licence requests",
        emptyTitle: "No licence requests",
        emptyDescription: "Licence requests waiting for a decision will be listed here.",
      },
      users: {
        title: "Users",
        emptyTitle: "No users to show",
        emptyDescription: "Registered users and pending approvals will be listed here.",
      },
      plans: {
        title: "Template plans",
        emptyTitle: "No template plans",
        emptyDescription: "Template plans offered to customers will be listed here.",
      },
      plan: {
        title: "Template plan",
        emptyTitle: "No plan details",
        emptyDescription: "The details of this template plan will appear here.",
      },
      planEdit: {
        title: "Edit template plan",
        emptyTitle: "Nothing to edit yet",
        emptyDescription: "The template plan editor will appear here.",
      },
      planCreate: {
        title: "Create template plan",
        emptyTitle: "Plan form not available yet",
        emptyDescription: "The form to create a template plan will appear here.",
      },
      resolutionCenter: {
        title: "Resolution center",
        emptyTitle: "No tickets",
        emptyDescription: "Support tickets from every customer and their statistics will appear here.",
      },
      ticket: {
        title: "Ticket details",
        emptyTitle: "No messages yet",
        emptyDescription: "The conversation of this ticket will appear here.",
      },
      purchasedLicenses: {
        title: "Issued licences",
        emptyTitle: "No issued licences",
        emptyDescription: "Every licence issued to customers will be listed here.",
      },
      manageFeatures: {
        title: "Manage features",
        emptyTitle: "No features",
        emptyDescription: "Features that plans are built from will be listed here.",
      },
      manageServices: {
        title: "Manage services",
        emptyTitle: "No services",
        emptyDescription: "Services offered with plans will be listed here.",
      },
      logMonitor: {
        title: "Log monitor",
        emptyTitle: "No log entries",
        emptyDescription: "Audit events will be listed here.",
      },
      mfaAuthenticator: {
        title: "MFA authenticator",
        emptyTitle: "Authenticator not set up",
        emptyDescription: "The current code, code verification and QR setup will appear here.",
      },
      outbox: {
        title: "Outbox",
        emptyTitle: "No e-mail written yet",
        emptyDescription: "Verification links, password resets and notifications that the server writes instead of sending will appear here.",
      },
      updates: {
        title: "Updates",
        emptyTitle: "No updates published",
        emptyDescription: "Software updates and the upload wizard will appear here.",
      },
      updateNew: {
        title: "New update",
      },
    },
  },
};

export default shell;
