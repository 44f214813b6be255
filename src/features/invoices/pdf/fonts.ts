// IBM Plex Sans Arabic (SIL Open Font License 1.1; the app's own Arabic face) as TrueType: pdf-lib
// embeds TTF/OTF, not the WOFF2 files @fontsource ships for the screen. Vite emits them as assets,
// fetched only when a PDF is made.
import boldUrl from '@expo-google-fonts/ibm-plex-sans-arabic/700Bold/IBMPlexSansArabic_700Bold.ttf?url';
import regularUrl from '@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf?url';

export interface FontFiles {
  regular: Uint8Array;
  bold: Uint8Array;
}

async function fetchFont(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Font ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

export async function loadInvoiceFonts(): Promise<FontFiles> {
  const [regular, bold] = await Promise.all([fetchFont(regularUrl), fetchFont(boldUrl)]);
  return { regular, bold };
}
