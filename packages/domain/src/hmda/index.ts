export * from './uli';
export * from './lar-fields';
export * from './denial-reasons';
export * from './lar';
export * from './transmittal';
export * from './lar-edits';
export * from './reporter';
export * from './report';
