import { afterFirstPaint } from './app/after-first-paint';
import { startCollection } from './app/start-collection';
import './styles.css';

// The client's white-label page (collection.html): its own small app, without the router. The
// server rendered it: it paints first, then hydrates.
afterFirstPaint(() => void startCollection(document.getElementById('root')!));
