/** What the closing route files share: the OpenAPI tag. */
export const tags = ['applications'];
