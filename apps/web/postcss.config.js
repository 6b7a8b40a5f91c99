export default {
  plugins: {
    "postcss-preset-mantine": {},
    "postcss-simple-vars": {
      variables: {
        // Spec section 9 (first reading), in em as Mantine expects: 640, 1024, 1440, 1920 px.
        "mantine-breakpoint-xs": "0em",
        "mantine-breakpoint-sm": "40em",
        "mantine-breakpoint-md": "64em",
        "mantine-breakpoint-lg": "90em",
        "mantine-breakpoint-xl": "120em",
      },
    },
  },
};
