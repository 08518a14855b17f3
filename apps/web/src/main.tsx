import { startApp } from './app/start-app.tsx';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

void startApp(root);
