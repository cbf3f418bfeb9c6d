/** Public surface of the chat feature: the floating launcher (the window is a lazy chunk). */
export { ChatLauncher } from './components/chat-launcher';
