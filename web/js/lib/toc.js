// The table of contents (its list is written at build time from the chapter's <h2>s):
// marks the section being read (aria-current), folds into a bar on phones, and jumps to a
// section without touching the URL hash, which holds the figures' state.

export function setupToc(root = document) {
  const nav = root.querySelector('.toc');
  const list = nav?.querySelector('.toc-list');
  if (!nav || !list) return;
  const toggle = nav.querySelector('.toc-toggle');
  const current = nav.querySelector('.toc-current');
  const links = [...list.querySelectorAll('a[href^="#"]')];
  const sections = links
    .map((link) => ({ link, heading: root.getElementById(decodeURIComponent(link.hash.slice(1))) }))
    .filter((section) => section.heading)
    // Where a section starts is read from its box: a section not yet laid out
    // (section-layout.js) would be laid out, at once, to say where the heading inside it is.
    .map((section) => ({ ...section, box: section.heading.closest('.chapter-section') ?? section.heading }));

  nav.classList.add('is-enhanced');
  if (toggle) {
    toggle.hidden = false;
    const setOpen = (open) => {
      nav.classList.toggle('is-open', open);
      toggle.setAttribute('aria-expanded', String(open));
    };
    toggle.addEventListener('click', () => setOpen(!nav.classList.contains('is-open')));
    nav.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && nav.classList.contains('is-open')) {
        setOpen(false);
        toggle.focus();
      }
    });
    list.addEventListener('click', () => setOpen(false));
  }

  for (const link of links) {
    link.addEventListener('click', (event) => {
      const target = root.getElementById(decodeURIComponent(link.hash.slice(1)));
      if (!target) return;
      event.preventDefault();
      // Focused first: focused after the scroll, the heading was held 100 px below where the
      // scroll put it (the page's scroll padding, base.css) as the sections around it took their
      // real heights.
      target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: 'start' });
    });
  }

  // The current section is the last one that starts above the top fifth of the viewport.
  const markCurrent = () => {
    const line = window.innerHeight * 0.2;
    let index = 0;
    sections.forEach(({ box }, i) => {
      if (box.getBoundingClientRect().top <= line) index = i;
    });
    sections.forEach(({ link }, i) => {
      if (i === index) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    });
    if (current) current.textContent = sections[index]?.link.textContent ?? '';
  };
  let frame = 0;
  const schedule = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(markCurrent);
  };
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
  schedule(); // with the first frame, which lays the page out anyway: not in the script's own task
}
