import { execFileSync } from "node:child_process";

/** Debian's Chromium as every Playwright configuration of this repository runs it. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
};

/**
 * `count` free ports, found synchronously (a configuration is evaluated synchronously) so that every
 * worker process reads the same ones from the environment.
 */
export function freePorts(count: number): number[] {
  const script = `const net=require('net');const servers=[];let left=${count};for(let i=0;i<${count};i++){const s=net.createServer().listen(0,'127.0.0.1',()=>{servers.push(s);if(--left===0){process.stdout.write(servers.map((x)=>x.address().port).join(','));servers.forEach((x)=>x.close())}})}`;
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim().split(",").map(Number);
}
