import { startCollection } from './app/start-collection';
import './styles.css';

// The client's white-label page (collection.html): its own small app, without the router.
void startCollection(document.getElementById('root')!);
