export { CeoFeedbackButton } from './components/ceo-feedback-button';
