"""uidrive.py — drive a running jumpstrike under Xvfb with xdotool, using the layout file the
game writes when JS_UI_LAYOUT is set (screen mode, camera, buttons, ships)."""
import math
import os
import subprocess
import time

class Game:
    def __init__(self, layout_path, display):
        self.path = layout_path
        self.env = {'DISPLAY': display}
        self.wid = None

    def _x(self, *args):
        return subprocess.run(['xdotool', *args], capture_output=True, text=True,
                              env={**__import__('os').environ, **self.env}).stdout

    def window(self, timeout=30):  # a loaded machine (sanitizers, tests beside) can take 15 s
        t = time.time()
        while time.time() - t < timeout:
            out = self._x('search', '--name', '^Jumpstrike$').split()
            if out:
                self.wid = out[0]
                return
            time.sleep(0.2)
        raise SystemExit('FAIL: no Jumpstrike window')

    def layout(self):
        d = {'buttons': [], 'ships': [], 'ghosts': []}
        for _ in range(20):
            try:
                lines = open(self.path).read().splitlines()
                break
            except FileNotFoundError:
                time.sleep(0.2)
        else:
            raise SystemExit('FAIL: the game wrote no layout file')
        for line in lines:
            p = line.split()
            if not p:
                continue
            if p[0] == 'button':
                d['buttons'].append(dict(id=int(p[1]), arg=int(p[2]), arg2=int(p[3]), en=int(p[4]), x=int(p[5]), y=int(p[6]),
                                         label=' '.join(p[9:])))
            elif p[0] == 'ship':
                d['ships'].append(dict(id=int(p[1]), side=int(p[2]), col=int(p[3]), row=int(p[4]),
                                       facing=int(p[5]), x=int(p[6]), y=int(p[7])))
            elif p[0] == 'ghost':  # a plotted turn's ghost on the board
                d['ghosts'].append(dict(side=int(p[1]), col=int(p[2]), row=int(p[3]), facing=int(p[4]), label=int(p[5])))
            elif p[0] == 'camera':
                d['cam'] = [float(v) for v in p[1:]]
            else:
                d[p[0]] = p[1:]
        return d

    def hexpos(self, col, row):
        vx, vy, vw, vh, cx, cy, z = self.layout()['cam']
        q, r = col, row - (col - (col & 1)) // 2
        wx, wy = 1.5 * q, math.sqrt(3) * (r + q / 2)
        return int((wx - cx) * z + vx + vw / 2), int((wy - cy) * z + vy + vh / 2)

    def click(self, x, y, button=1):
        self._x('mousemove', '--window', self.wid, str(x), str(y))
        time.sleep(0.15)
        self._x('click', '--window', self.wid, str(button))
        time.sleep(0.4)

    def drag(self, x0, y0, x1, y1, mod=None, button=1):
        """Press at (x0, y0), move to (x1, y1) in steps, let go; with mod ('shift') held throughout."""
        self._x('mousemove', '--window', self.wid, str(x0), str(y0))
        time.sleep(0.15)
        if mod:
            self._x('keydown', '--window', self.wid, mod)
        self._x('mousedown', '--window', self.wid, str(button))
        time.sleep(0.1)
        for k in range(1, 7):
            self._x('mousemove', '--window', self.wid, str(x0 + (x1 - x0) * k // 6), str(y0 + (y1 - y0) * k // 6))
            time.sleep(0.05)
        time.sleep(0.15)
        self._x('mouseup', '--window', self.wid, str(button))
        if mod:
            self._x('keyup', '--window', self.wid, mod)
        time.sleep(0.4)

    def click_hex(self, col, row):
        self.click(*self.hexpos(col, row))

    def button(self, prefix):
        for b in self.layout()['buttons']:
            if b['label'].startswith(prefix):
                if not b['en']:
                    raise SystemExit('FAIL: button %r is disabled' % b['label'])
                self.click(b['x'], b['y'])
                return b
        raise SystemExit('FAIL: no button %r among %s' % (prefix, [b['label'] for b in self.layout()['buttons']]))

    def ship_at(self, col, row):
        for s in self.layout()['ships']:
            if s['col'] == col and s['row'] == row:
                return s
        raise SystemExit('FAIL: no ship at (%d,%d)' % (col, row))

    def wait(self, mode, turn=None, timeout=30):
        t = time.time()
        while time.time() - t < timeout:
            d = self.layout()
            if d.get('mode', [''])[0] == mode and (turn is None or int(d['turn'][0]) == turn):
                time.sleep(0.3)
                return d
            time.sleep(0.2)
        raise SystemExit('FAIL: waited for %s (turn %s); the screen is %s' % (mode, turn, self.layout().get('mode')))

    def pass_handover(self):
        """Pass the hotseat screen as a player must: a click on its own button."""
        self.wait('handover')
        self.button('I am ready')
        return self.wait('play')

    def ready(self, warned=None):
        """Click Ready; if the game asks first (ships without orders, or confirm-before-Ready),
        answer Ready. warned=True/False asserts whether it warned of ships without orders.
        Returns the warning's words (or None)."""
        before = self.layout()
        key = lambda d: (d.get('mode'), d.get('wait'), d.get('actor'), d.get('turn'))
        self.button('Ready')
        t = time.time()
        while True:   # until the game has answered: the confirm dialog, or a new state
            d = self.layout()
            if d.get('mode', [''])[0] == 'confirm' or key(d) != key(before) or time.time() - t > 20:
                break
            time.sleep(0.2)
        warn = None
        if d.get('mode', [''])[0] == 'confirm':
            warn = ' '.join(d['warn']) if 'warn' in d else None
            for b in d['buttons']:
                if b['label'] == 'Ready':
                    self.click(b['x'], b['y'])
                    break
            t = time.time()
            while self.layout().get('mode', [''])[0] == 'confirm' and time.time() - t < 20:
                time.sleep(0.2)
        if warned is not None and (warn is not None) != warned:
            raise SystemExit('FAIL: Ready %s about ships without orders (%r)' % ('did not warn' if warned else 'warned', warn))
        return warn

    def key(self, *keys):
        """Press keys (xdotool names: Return, Tab, ctrl+q) in the game's window."""
        self._x('key', '--window', self.wid, *keys)
        time.sleep(0.3)

    def type(self, text):
        """Type text into the focused field (SDL text input)."""
        self._x('type', '--window', self.wid, '--delay', '40', text)
        time.sleep(0.3)

    # --- lessons (docs/lessons.md) and buttons by their names in battle_int.h
    def load_button_ids(self, src):
        """The battle's button ids by name (B_READY, B_PODS, ...), read from battle_int.h, so a
        test names a button the way the code does."""
        import re
        text = open(src + '/src/ui/battle/battle_int.h').read()
        block = text[text.index('/* Button ids'):]
        block = block[block.index('{') + 1:block.index('};')]
        block = re.sub(r'/\*.*?\*/', '', block, flags=re.S)
        self.ids = {}
        for i, name in enumerate(n.strip() for n in block.split(',')):
            if name:
                self.ids[name] = i
        return self.ids

    def button_id(self, name, arg=None, arg2=None, timeout=10):
        """Click the enabled button with that id name (and arg, arg2, when given), waiting for it
        to be drawn (a click before may still be on its way: a slow machine, the sanitizers)."""
        want = self.ids[name]
        t = time.time()
        while True:
            bs = [b for b in self.layout()['buttons'] if b['id'] == want and (arg is None or b['arg'] == arg) and
                  (arg2 is None or b['arg2'] == arg2)]
            for b in bs:
                if b['en']:
                    self.click(b['x'], b['y'])
                    return b
            if time.time() - t > timeout:
                break
            time.sleep(0.2)
        raise SystemExit('FAIL: no enabled button %s%s (found %s)' % (name, '' if arg is None else ' arg %d' % arg,
                                                                     [(b['label'], b['en']) for b in bs]))

    def lesson(self):
        """(id, step, steps, complete) of the lesson on screen, or None."""
        d = self.layout()
        if 'lesson' not in d:
            return None
        p = d['lesson']
        return p[0], int(p[1]), int(p[2]), p[3] == '1'

    def wait_step(self, step, timeout=60, controls=True):
        """Wait until the lesson is at this step with the player at the controls (no animation);
        controls=False: at the step with no animation (the opening look before setup has nobody
        at the controls)."""
        t = time.time()
        while time.time() - t < timeout:
            d = self.layout()
            if 'lesson' in d and int(d['lesson'][1]) == step and d.get('mode', [''])[0] == 'play' and \
                    (not controls or d.get('actor', ['-1'])[0] != '-1'):
                time.sleep(0.3)
                return d
            time.sleep(0.2)
        raise SystemExit('FAIL: waited for lesson step %d; the screen shows %s, mode %s' % (
            step, self.layout().get('lesson'), self.layout().get('mode')))

    def close_button(self):
        """What a window manager sends when the player clicks the window's close button: a
        WM_DELETE_WINDOW client message (Xvfb has no window manager to send it)."""
        import ctypes
        x = ctypes.CDLL('libX11.so.6')
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XInternAtom.restype = ctypes.c_ulong
        x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
        x.XFlush.argtypes = x.XCloseDisplay.argtypes = [ctypes.c_void_p]

        class ClientMessage(ctypes.Structure):  # XClientMessageEvent, padded to sizeof(XEvent)
            _fields_ = [('type', ctypes.c_int), ('serial', ctypes.c_ulong), ('send_event', ctypes.c_int),
                        ('display', ctypes.c_void_p), ('window', ctypes.c_ulong),
                        ('message_type', ctypes.c_ulong), ('format', ctypes.c_int),
                        ('data', ctypes.c_long * 5), ('pad', ctypes.c_long * 12)]
        d = x.XOpenDisplay(self.env['DISPLAY'].encode())
        if not d:
            raise SystemExit('FAIL: cannot open the display to send a close')
        ev = ClientMessage(type=33, send_event=1, display=d, window=int(self.wid), format=32,
                           message_type=x.XInternAtom(d, b'WM_PROTOCOLS', 0))
        ev.data[0] = x.XInternAtom(d, b'WM_DELETE_WINDOW', 0)
        x.XSendEvent(d, int(self.wid), 0, 0, ctypes.byref(ev))
        x.XFlush(d)
        x.XCloseDisplay(d)

    def snap(self, name):
        """With JS_E2E_SHOTS naming a folder, a screenshot there as NAME.png (to look at)."""
        folder = os.environ.get('JS_E2E_SHOTS')
        if folder:
            os.makedirs(folder, exist_ok=True)
            self.shot(os.path.join(folder, name + '.png'))

    def shot(self, path):
        """A screenshot of the whole display (ImageMagick's import), when it is installed."""
        import shutil
        if shutil.which('import'):
            subprocess.run(['import', '-window', 'root', path], env={**__import__('os').environ, **self.env},
                           capture_output=True)


def attach():
    """The game an e2e script started (e2e_py passes its layout file and display first), once
    its window is up."""
    import sys
    g = Game(sys.argv[1], sys.argv[2])
    g.window()
    return g


def load_record(path):
    """A record or save as one dict with its "commands": version 2 is JSON Lines (the header,
    then one command a line; a last line without its newline was cut short and is left out, as
    the game does), version 1 one JSON document."""
    import json
    text = open(path).read()
    if not text.startswith('{"format"'):
        return json.loads(text)
    lines = text.split('\n')
    rec = json.loads(lines[0])
    if 'commands' in rec:
        return rec  # version 1 on one line
    rec['commands'] = [json.loads(l) for l in lines[1:-1]]
    return rec
