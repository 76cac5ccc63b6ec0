import { redirect } from 'next/navigation';

/** The console in English unless the address names German (/console/de/). */
export default function ConsoleRoot() {
  redirect('/console/en/');
}
