import sharp from "sharp";

/*
 * Photos for demo and test stock, drawn on the spot (nothing is downloaded):
 * a vehicle of the right shape and colour in a calm studio, seen from a few
 * angles, or a part on a workbench drawn as what it is. No words on the
 * pictures. PNG, so they go through the media store exactly as an upload would.
 */

const PAINT: Record<string, string> = {
  White: "#f4f4f2",
  "Pearl White": "#ecebe4",
  Black: "#1d1f22",
  Silver: "#b9bec4",
  Gray: "#6d7278",
  Blue: "#2a4f8f",
  Red: "#a3252b",
  Green: "#2f5d46",
  Beige: "#cdbb9a",
  Brown: "#5b4331",
};

const BACKDROPS = [
  ["#e9eef3", "#c9d2db"],
  ["#f1ede6", "#d6cdbf"],
  ["#e6efe9", "#c3d3c8"],
  ["#eceaf2", "#cbc8d8"],
];

// Body outlines seen from the side, on a 1000 x 420 stage, wheels at y=330.
const BODY: Record<string, string> = {
  Sedan:
    "M90 330 L90 260 Q100 230 170 222 L300 210 Q360 140 470 132 L640 132 Q720 140 780 205 L900 222 Q935 232 930 290 L930 330 Z",
  SUV: "M90 330 L90 230 Q95 205 150 198 L250 190 Q290 110 380 100 L760 100 Q820 104 850 190 L905 200 Q930 210 930 260 L930 330 Z",
  Van: "M90 330 L90 150 Q95 80 180 74 L840 74 Q905 78 920 150 L930 260 L930 330 Z",
  Wagon:
    "M90 330 L90 250 Q100 222 170 214 L270 204 Q330 128 430 120 L820 120 Q880 124 900 210 L925 222 Q935 240 930 290 L930 330 Z",
  Truck: "M90 330 L90 150 Q96 96 160 92 L330 92 Q352 96 356 150 L356 200 L930 200 L930 330 Z",
};
const WINDOWS: Record<string, string> = {
  Sedan: "M320 212 Q370 152 470 146 L630 146 Q700 152 748 210 Z",
  SUV: "M270 190 Q305 122 385 114 L750 114 Q800 118 822 188 Z",
  Van: "M150 150 Q160 96 210 92 L820 92 Q870 96 885 150 Z",
  Wagon: "M290 206 Q345 142 435 134 L810 134 Q855 138 872 204 Z",
  Truck: "M110 160 Q118 110 170 106 L320 106 Q338 110 340 160 Z",
};

function vehicleSvg(type: string, color: string, angle: number): string {
  const body = BODY[type] ?? BODY.Sedan!;
  const windows = WINDOWS[type] ?? WINDOWS.Sedan!;
  const paint = PAINT[color] ?? "#8a8f96";
  const [top, bottom] = BACKDROPS[angle % BACKDROPS.length]!;
  // Each "angle" frames the car differently: whole side, closer, from the front corner, from the rear corner.
  const frames = [
    "translate(140 250) scale(1)",
    "translate(-60 150) scale(1.35)",
    "translate(260 230) scale(0.82) skewY(-4)",
    "translate(90 240) scale(1.08) skewY(3)",
  ];
  const frame = frames[angle % frames.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960" viewBox="0 0 1280 960">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
    <linearGradient id="shine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/></linearGradient>
  </defs>
  <rect width="1280" height="960" fill="url(#bg)"/>
  <rect y="690" width="1280" height="270" fill="#000" opacity="0.06"/>
  <g transform="${frame}">
    <ellipse cx="510" cy="345" rx="470" ry="26" fill="#000" opacity="0.18"/>
    <path d="${body}" fill="${paint}" stroke="#00000033" stroke-width="3"/>
    <path d="${body}" fill="url(#shine)"/>
    <path d="${windows}" fill="#2b3440" opacity="0.85"/>
    <rect x="880" y="250" width="40" height="18" rx="6" fill="#f3d27a"/>
    <rect x="96" y="256" width="26" height="18" rx="6" fill="#c0392b"/>
    ${[250, 770].map((cx) => `<circle cx="${cx}" cy="330" r="68" fill="#1b1c1e"/><circle cx="${cx}" cy="330" r="38" fill="#a9afb6"/><circle cx="${cx}" cy="330" r="10" fill="#55595e"/>`).join("")}
  </g>
</svg>`;
}

/** A part on a workbench, drawn as what it is: one small drawing per subtype, centred near (640, 470). */
function partShape(type: string, subType: string, metal: string, paint: string): string {
  const dark = "#3d4248";
  const red = "#b23b32";
  const bolts = (cx: number, cy: number, r: number, n: number, size = 14) =>
    Array.from({ length: n }, (_, i) => {
      const a = (i / n) * Math.PI * 2;
      return `<circle cx="${(cx + r * Math.cos(a)).toFixed(1)}" cy="${(cy + r * Math.sin(a)).toFixed(1)}" r="${size}" fill="${dark}"/>`;
    }).join("");
  const shapes: Record<string, string> = {
    "Complete Engine": `<rect x="380" y="330" width="520" height="300" rx="24" fill="${metal}"/><rect x="430" y="250" width="420" height="90" rx="14" fill="${dark}"/>${[0, 1, 2, 3].map((i) => `<rect x="${455 + i * 100}" y="270" width="70" height="50" rx="8" fill="${red}"/>`).join("")}<circle cx="360" cy="560" r="70" fill="${dark}"/>`,
    "Cylinder Head": `<rect x="280" y="420" width="720" height="130" rx="14" fill="${metal}"/><rect x="300" y="380" width="680" height="50" rx="10" fill="${dark}"/>${Array.from({ length: 8 }, (_, i) => `<circle cx="${340 + i * 86}" cy="405" r="16" fill="#c8ccd1"/>`).join("")}`,
    Turbocharger: `<circle cx="560" cy="480" r="170" fill="${metal}"/><circle cx="560" cy="480" r="80" fill="${dark}"/>${bolts(560, 480, 55, 10, 8)}<path d="M700 380 L900 380 L900 470 L720 470 Z" fill="${metal}"/><circle cx="900" cy="425" r="58" fill="${dark}"/>`,
    "Fuel Injector": `<rect x="600" y="220" width="80" height="120" rx="16" fill="${dark}"/><rect x="585" y="330" width="110" height="200" rx="20" fill="${metal}"/><rect x="620" y="530" width="40" height="120" rx="10" fill="#c8ccd1"/><path d="M620 650 L660 650 L648 700 L632 700 Z" fill="${dark}"/>`,
    Radiator: `<rect x="300" y="260" width="60" height="420" rx="12" fill="${dark}"/><rect x="920" y="260" width="60" height="420" rx="12" fill="${dark}"/><rect x="360" y="280" width="560" height="380" fill="${metal}"/>${Array.from({ length: 18 }, (_, i) => `<rect x="360" y="${292 + i * 20}" width="560" height="6" fill="#5d636a"/>`).join("")}`,
    "Automatic Gearbox": `<path d="M380 380 L760 330 Q900 330 900 480 Q900 630 760 630 L380 580 Z" fill="${metal}"/><circle cx="380" cy="480" r="100" fill="${dark}"/><rect x="560" y="600" width="220" height="40" rx="8" fill="${dark}"/>`,
    "Manual Gearbox": `<path d="M380 400 L740 360 Q860 360 860 490 Q860 620 740 620 L380 580 Z" fill="${metal}"/><circle cx="380" cy="490" r="95" fill="${dark}"/><rect x="640" y="210" width="22" height="160" rx="10" fill="${dark}"/><circle cx="651" cy="205" r="34" fill="#1d1f22"/>`,
    "Clutch Kit": `<circle cx="540" cy="480" r="190" fill="${metal}"/>${bolts(540, 480, 150, 12, 12)}<circle cx="540" cy="480" r="60" fill="${dark}"/><circle cx="820" cy="500" r="150" fill="#6b5a4a"/><circle cx="820" cy="500" r="110" fill="#8b7560"/><circle cx="820" cy="500" r="40" fill="${dark}"/>`,
    "Drive Shaft": `<rect x="260" y="450" width="760" height="50" rx="25" fill="${metal}"/><circle cx="250" cy="475" r="70" fill="${dark}"/><circle cx="1030" cy="475" r="70" fill="${dark}"/><rect x="600" y="440" width="80" height="70" rx="10" fill="#5d636a"/>`,
    Differential: `<rect x="260" y="450" width="760" height="56" rx="20" fill="${dark}"/><circle cx="640" cy="478" r="180" fill="${metal}"/>${bolts(640, 478, 150, 10, 12)}<circle cx="640" cy="478" r="60" fill="${dark}"/>`,
    "Shock Absorber": `<rect x="600" y="200" width="26" height="210" rx="10" fill="#c8ccd1"/><rect x="570" y="400" width="86" height="300" rx="18" fill="${dark}"/><circle cx="613" cy="190" r="34" fill="none" stroke="${dark}" stroke-width="20"/><circle cx="613" cy="720" r="34" fill="none" stroke="${dark}" stroke-width="20"/>`,
    "Coil Spring": `<rect x="600" y="220" width="80" height="460" rx="20" fill="${dark}" opacity="0.35"/>${Array.from({ length: 9 }, (_, i) => `<rect x="540" y="${250 + i * 48}" width="200" height="22" rx="11" fill="${red}"/>`).join("")}`,
    "Control Arm": `<path d="M330 620 L640 330 L950 620 L880 640 L640 420 L400 640 Z" fill="${metal}"/><circle cx="350" cy="625" r="44" fill="${dark}"/><circle cx="930" cy="625" r="44" fill="${dark}"/><circle cx="640" cy="340" r="50" fill="${dark}"/>`,
    "Stabilizer Link": `<rect x="400" y="455" width="480" height="36" rx="18" fill="${metal}"/><circle cx="390" cy="473" r="60" fill="${dark}"/><circle cx="890" cy="473" r="60" fill="${dark}"/><rect x="375" y="350" width="30" height="80" fill="${dark}"/><rect x="875" y="516" width="30" height="80" fill="${dark}"/>`,
    "Wheel Hub": `<circle cx="640" cy="480" r="200" fill="${metal}"/><circle cx="640" cy="480" r="120" fill="#5d636a"/>${bolts(640, 480, 160, 5, 18)}<circle cx="640" cy="480" r="55" fill="${dark}"/>`,
    Alternator: `<circle cx="600" cy="480" r="180" fill="${metal}"/>${Array.from({ length: 12 }, (_, i) => `<rect x="${445 + i * 26}" y="380" width="12" height="200" fill="#5d636a"/>`).join("")}<rect x="780" y="440" width="90" height="80" fill="${dark}"/><circle cx="900" cy="480" r="60" fill="${dark}"/><circle cx="900" cy="480" r="20" fill="#c8ccd1"/>`,
    "Starter Motor": `<rect x="360" y="430" width="420" height="170" rx="40" fill="${metal}"/><rect x="430" y="300" width="330" height="110" rx="40" fill="${dark}"/><rect x="780" y="470" width="140" height="90" rx="14" fill="#5d636a"/><circle cx="940" cy="515" r="40" fill="${dark}"/>`,
    Headlight: `<path d="M340 600 L380 360 Q640 300 940 360 L960 600 Z" fill="#dfe6ee" stroke="${dark}" stroke-width="14"/><circle cx="520" cy="480" r="80" fill="#f7f2d8" stroke="#b8bec5" stroke-width="10"/><circle cx="780" cy="480" r="70" fill="#f7f2d8" stroke="#b8bec5" stroke-width="10"/>`,
    ECU: `<rect x="400" y="330" width="480" height="300" rx="18" fill="${metal}"/>${Array.from({ length: 7 }, (_, i) => `<rect x="430" y="${360 + i * 34}" width="300" height="14" rx="7" fill="#5d636a"/>`).join("")}<rect x="760" y="380" width="90" height="200" rx="10" fill="${dark}"/>`,
    "Wiring Harness": `${["#1d1f22", "#b23b32", "#2a4f8f", "#d9a441"].map((c, i) => `<path d="M300 ${380 + i * 26} C 500 ${250 + i * 40}, 700 ${700 - i * 30}, 980 ${520 + i * 20}" fill="none" stroke="${c}" stroke-width="16" stroke-linecap="round"/>`).join("")}<rect x="250" y="380" width="80" height="110" rx="10" fill="${dark}"/><rect x="960" y="500" width="80" height="110" rx="10" fill="${dark}"/>`,
    "Front Bumper": `<path d="M220 420 Q640 330 1060 420 L1040 600 Q640 660 240 600 Z" fill="${paint}"/><rect x="470" y="470" width="340" height="70" rx="20" fill="${dark}"/><rect x="290" y="500" width="110" height="40" rx="12" fill="${dark}"/><rect x="880" y="500" width="110" height="40" rx="12" fill="${dark}"/>`,
    Door: `<path d="M420 230 L820 230 L880 360 L880 700 L420 700 Z" fill="${paint}"/><path d="M450 260 L800 260 L850 370 L450 370 Z" fill="#2b3440" opacity="0.85"/><rect x="760" y="450" width="80" height="22" rx="10" fill="${dark}"/>`,
    Bonnet: `<path d="M360 640 L440 300 L840 300 L920 640 Z" fill="${paint}"/><path d="M520 620 L560 330 L720 330 L760 620 Z" fill="#fff" opacity="0.12"/>`,
    "Side Mirror": `<path d="M420 380 Q430 300 560 300 L800 320 Q870 330 870 420 L860 560 Q850 620 780 620 L520 620 Q430 610 420 540 Z" fill="${paint}"/><path d="M470 390 Q480 350 560 350 L780 366 Q820 372 820 420 L812 540 Q806 572 770 572 L530 572 Q480 566 474 530 Z" fill="#9fb4c7"/><rect x="340" y="430" width="90" height="100" rx="12" fill="${dark}"/>`,
    "Tail Light": `<path d="M360 360 L900 340 Q960 340 960 400 L940 600 L380 620 Q330 620 330 570 L330 400 Q330 362 360 360 Z" fill="#9e1f26"/><rect x="380" y="400" width="240" height="170" rx="16" fill="#d94a4f"/><rect x="650" y="400" width="250" height="80" rx="14" fill="#f1f1f1" opacity="0.8"/><rect x="650" y="500" width="250" height="70" rx="14" fill="#e8912e"/>`,
  };
  return shapes[subType] ?? shapes[`${type}`] ?? shapes["Complete Engine"]!;
}

function partSvg(type: string, subType: string, color: string | null, angle: number): string {
  const [top, bottom] = BACKDROPS[(angle + 1) % BACKDROPS.length]!;
  const metal = ["#8d949c", "#6f767e", "#a5abb2", "#565c63"][angle % 4]!;
  const paint = PAINT[color ?? ""] ?? "#2a4f8f";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960" viewBox="0 0 1280 960">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
  <rect width="1280" height="960" fill="url(#bg)"/>
  <rect y="700" width="1280" height="260" fill="#7a5a3a" opacity="0.25"/>
  <ellipse cx="640" cy="720" rx="400" ry="30" fill="#000" opacity="0.15"/>
  <g transform="rotate(${(angle % 3) * 6 - 6} 640 480)">${partShape(type, subType, metal, paint)}</g>
</svg>`;
}

export async function drawVehiclePhoto(type: string | null, color: string | null, angle: number) {
  return sharp(Buffer.from(vehicleSvg(type ?? "Sedan", color ?? "Silver", angle)))
    .png({ compressionLevel: 1 })
    .toBuffer();
}

export async function drawPartPhoto(part: { type: string; subType: string; color?: string | null }, angle: number) {
  return sharp(Buffer.from(partSvg(part.type, part.subType, part.color ?? null, angle)))
    .png({ compressionLevel: 1 })
    .toBuffer();
}
