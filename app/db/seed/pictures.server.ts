import sharp from "sharp";

/*
 * Photos for demo and test stock, drawn on the spot (nothing is downloaded):
 * a vehicle of the right shape and colour in a calm studio, seen from a few
 * angles, or a part on a workbench. PNG, so they go through the media store
 * exactly as an upload would.
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

function vehicleSvg(type: string, color: string, angle: number, label: string): string {
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
  <text x="48" y="910" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#00000066">${escapeXml(label)}</text>
</svg>`;
}

function partSvg(type: string, angle: number, label: string): string {
  const [top, bottom] = BACKDROPS[(angle + 1) % BACKDROPS.length]!;
  const metal = ["#8d949c", "#6f767e", "#a5abb2", "#565c63"][angle % 4];
  const shapes: Record<string, string> = {
    Engine: `<rect x="380" y="330" width="520" height="300" rx="24" fill="${metal}"/><rect x="430" y="250" width="420" height="90" rx="14" fill="#3d4248"/>${[0, 1, 2, 3].map((i) => `<rect x="${455 + i * 100}" y="270" width="70" height="50" rx="8" fill="#b23b32"/>`).join("")}`,
    Transmission: `<path d="M380 380 L760 330 Q900 330 900 480 Q900 630 760 630 L380 580 Z" fill="${metal}"/><circle cx="380" cy="480" r="90" fill="#3d4248"/>`,
    Suspension: `<rect x="600" y="220" width="80" height="460" rx="20" fill="#3d4248"/>${Array.from({ length: 9 }, (_, i) => `<rect x="560" y="${290 + i * 40}" width="160" height="18" rx="9" fill="#c0392b"/>`).join("")}`,
    Electrical: `<circle cx="640" cy="470" r="200" fill="${metal}"/><circle cx="640" cy="470" r="120" fill="#3d4248"/><circle cx="640" cy="470" r="40" fill="#d9a441"/>`,
    Body: `<path d="M330 600 Q360 360 640 330 Q920 360 950 600 Z" fill="#2a4f8f"/><path d="M330 600 Q360 360 640 330 Q920 360 950 600 Z" fill="#fff" opacity="0.15"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960" viewBox="0 0 1280 960">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
  <rect width="1280" height="960" fill="url(#bg)"/>
  <rect y="700" width="1280" height="260" fill="#7a5a3a" opacity="0.25"/>
  <ellipse cx="640" cy="700" rx="380" ry="30" fill="#000" opacity="0.15"/>
  <g transform="rotate(${(angle % 3) * 6 - 6} 640 480)">${shapes[type] ?? shapes.Engine}</g>
  <text x="48" y="910" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#00000066">${escapeXml(label)}</text>
</svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function drawVehiclePhoto(type: string | null, color: string | null, angle: number, label: string) {
  return sharp(Buffer.from(vehicleSvg(type ?? "Sedan", color ?? "Silver", angle, label)))
    .png({ compressionLevel: 1 })
    .toBuffer();
}

export async function drawPartPhoto(type: string, angle: number, label: string) {
  return sharp(Buffer.from(partSvg(type, angle, label)))
    .png({ compressionLevel: 1 })
    .toBuffer();
}
