(function () {
  var slider = document.getElementById('step');
  if (!slider) { return; }
  var last = Number(slider.max);
  var frames = document.querySelectorAll('section.frame');
  var label = document.getElementById('step-label');
  var rows = document.querySelectorAll('tr[data-step]');
  var items = document.querySelectorAll('li[data-step]');
  var board = document.getElementById('board');
  var svg = board ? board.querySelector('svg') : null;
  var parts = svg ? svg.querySelectorAll('[data-s]') : [];
  var spans = [];
  for (var p = 0; p < parts.length; p++) {
    spans.push(parts[p].getAttribute('data-s').split(' ').map(function (r) { return r.split('-').map(Number); }));
  }
  var views = svg && svg.getAttribute('data-views') ? svg.getAttribute('data-views').split(';') : null;
  var chart = document.getElementById('race-chart');
  var marker = document.getElementById('race-marker');
  var dots = chart ? chart.querySelectorAll('[data-y]') : [];
  var dotYs = [];
  for (var d = 0; d < dots.length; d++) { dotYs.push(dots[d].getAttribute('data-y').split(' ')); }
  var turnOf = [], firstOf = [], lastOf = [];
  for (var k = 0; k < frames.length; k++) {
    var steps = frames[k].querySelectorAll('li[data-step]');
    var lo = steps.length ? Number(steps[0].getAttribute('data-step')) : 0;
    var hi = steps.length ? Number(steps[steps.length - 1].getAttribute('data-step')) : 0;
    firstOf.push(lo); lastOf.push(hi);
    for (var s = lo; s <= hi; s++) { turnOf[s] = k; }
  }
  var current = -1;
  function show(i, why) {
    i = Math.max(0, Math.min(last, Math.round(i)));
    if (isNaN(i)) { return; }
    current = i;
    var turn = turnOf[i] === undefined ? frames.length - 1 : turnOf[i];
    for (var k = 0; k < frames.length; k++) { frames[k].hidden = (k !== turn); }
    for (var m = 0; m < items.length; m++) {
      var n = Number(items[m].getAttribute('data-step'));
      items[m].className = n === i ? 'current' : (n > i ? 'later' : '');
    }
    for (var r = 0; r < rows.length; r++) {
      rows[r].className = Number(rows[r].getAttribute('data-step')) === i ? 'current' : '';
    }
    for (var q = 0; q < parts.length; q++) {
      var on = false;
      for (var t = 0; t < spans[q].length; t++) {
        if (spans[q][t][0] <= i && i <= spans[q][t][1]) { on = true; break; }
      }
      parts[q].style.display = on ? '' : 'none';
    }
    if (views && views[i]) { svg.setAttribute('viewBox', views[i]); }
    if (marker) {
      var x = Number(chart.getAttribute('data-x0')) + i * Number(chart.getAttribute('data-dx'));
      marker.setAttribute('x1', x.toFixed(1)); marker.setAttribute('x2', x.toFixed(1));
      for (var e = 0; e < dots.length; e++) {
        dots[e].setAttribute('transform', 'translate(' + x.toFixed(1) + ' ' + dotYs[e][i] + ')');
      }
    }
    slider.value = String(i);
    label.textContent = frames[turn].getAttribute('data-title') + ' (' + (turn + 1) + ' of ' + frames.length + ')'
      + ' \u00b7 ' + (i === 0 ? 'the setup' : 'after move ' + i + ' of ' + last);
    if (why !== 'load' && why !== 'hash' && window.history && history.replaceState) {
      try { history.replaceState(null, '', '#move-' + i); } catch (err) { /* a page opened where it cannot */ }
    }
  }
  function turnStep(direction) {
    var k = turnOf[current];
    if (direction > 0) { show(current < lastOf[k] ? lastOf[k] : lastOf[Math.min(frames.length - 1, k + 1)]); }
    else { show(lastOf[Math.max(0, k - 1)]); }
  }
  function reveal() {
    if (!board) { return; }
    var box = board.getBoundingClientRect();
    if (box.top < -2 || box.top > window.innerHeight * 0.5) { board.scrollIntoView({block: 'start'}); }
  }
  function fromHash() {
    var m = /^#move-(\d+)$/.exec(window.location.hash);
    var t = /^#turn-(\d+)$/.exec(window.location.hash);
    if (m) { show(Number(m[1]), 'hash'); return true; }
    if (t) { show(lastOf[Math.min(frames.length - 1, Number(t[1]))], 'hash'); return true; }
    return false;
  }
  document.getElementById('prev').addEventListener('click', function () { show(current - 1); });
  document.getElementById('next').addEventListener('click', function () { show(current + 1); });
  document.getElementById('prev-turn').addEventListener('click', function () { turnStep(-1); });
  document.getElementById('next-turn').addEventListener('click', function () { turnStep(1); });
  slider.addEventListener('input', function () { show(Number(slider.value)); });
  function pick() { show(Number(this.getAttribute('data-step'))); reveal(); }
  for (var a = 0; a < rows.length; a++) { rows[a].addEventListener('click', pick); }
  for (var b = 0; b < items.length; b++) { items[b].addEventListener('click', pick); }
  // One step a key press, whatever has the focus: the slider's own step is cancelled, ours is taken.
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      var tag = e.target && e.target.tagName;
      if ((tag === 'INPUT' && e.target !== slider) || tag === 'TEXTAREA' || tag === 'SELECT') { return; }
      e.preventDefault();
      var direction = e.key === 'ArrowRight' ? 1 : -1;
      if (e.shiftKey) { turnStep(direction); } else { show(current + direction); }
    }
  });
  if (board) {
    var startX = null, startY = null;
    board.addEventListener('touchstart', function (e) {
      if (e.touches.length === 1) { startX = e.touches[0].clientX; startY = e.touches[0].clientY; }
    }, {passive: true});
    board.addEventListener('touchend', function (e) {
      if (startX === null || !e.changedTouches.length) { return; }
      var dx = e.changedTouches[0].clientX - startX, dy = e.changedTouches[0].clientY - startY;
      startX = null;
      if (Math.abs(dx) > 50 && Math.abs(dy) < 40) { show(current + (dx < 0 ? 1 : -1)); }
    }, {passive: true});
  }
  window.addEventListener('hashchange', fromHash);
  var opened = [];
  window.addEventListener('beforeprint', function () {
    var all = document.querySelectorAll('details:not([open])');
    for (var o = 0; o < all.length; o++) { all[o].open = true; opened.push(all[o]); }
  });
  window.addEventListener('afterprint', function () {
    for (var o = 0; o < opened.length; o++) { opened[o].open = false; }
    opened = [];
  });
  if (fromHash()) { reveal(); } else { show(last, 'load'); }
})();
