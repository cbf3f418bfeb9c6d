export * from './uli';
export * from './lar-fields';
export * from './lar';
export * from './lar-edits';
export * from './reporter';
