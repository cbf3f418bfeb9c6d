export * from './maximum-line';
export * from './eligibility';
export * from './apr';
export * from './pricing';
export * from './asset-depletion';
export * from './offer-figures';
export * from './chosen-line';
export * from './payoff';
