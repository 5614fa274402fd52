export { HowItWorksPage } from '../features/info/how-it-works-page.js';
