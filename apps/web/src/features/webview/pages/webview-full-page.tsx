import { WebviewFrame } from '../components/webview-frame';

/** `/webview2?url=`: an allowed external page over the whole window (blank layout). */
export default function WebviewFullPage() {
  return <WebviewFrame full />;
}
