/** The customer's updates page: .req upload (features/updates) and the update history. */
const updates = {
  description: "Activate a licence on an installation with its .req file, and find your software updates.",
  req: {
    title: "Upload a .req file",
    description: "Your product writes a .req file: its first line is the licence key, the second describes the installation. Uploading it activates the licence on that installation.",
    choose: "Choose a .req file",
    dropHere: "Drop a .req file here or click to choose one",
    rules: ".req files only, at most 500KB, at least 2 lines.",
    keyLine: "Licence key",
    upload: "Upload and activate",
    another: "Choose another file",
    processing: "Uploading and activating…",
    activated: "Licence activated",
    activatedDescription: "The licence is active on this installation. Download the licence file bound to it and place it next to your product.",
    plan: "Plan",
    expires: "Expires",
    activations: "Activations",
    installation: "Installation",
    downloadBound: "Download licence file",
    problems: {
      missing: "Please select a .req file",
      wrongType: "Please select only .req files",
      tooLarge: "File size cannot exceed 500KB",
      tooFewLines: "The .req file must have at least 2 lines: the licence key, then the installation data",
      oneFile: "Please select a single .req file",
    },
  },
  history: {
    title: "Update history",
    emptyTitle: "No updates yet",
    emptyDescription: "Updates published for your licences and your download history will appear here.",
  },
};

export default updates;
