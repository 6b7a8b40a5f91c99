/** Attributes of every link to another site: a new tab that cannot reach back into this one. */
export const externalLinkProps = { target: "_blank", rel: "noopener noreferrer" } as const;
