import { afterFirstPaint } from './app/after-first-paint';
import { startApp } from './app/start-app';
import { readSsrState } from './app/ssr-state';
import './styles.css';

const start = () => void startApp(document.getElementById('root')!);
// A server-rendered page (landing, about, company information) paints first, then hydrates.
if (readSsrState()) afterFirstPaint(start);
else start();
