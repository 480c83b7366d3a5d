<html>
<body>
<?php if ($user): ?>
  <p>Hello, <?= htmlspecialchars($user->name) ?></p>
<?php endif; ?>
<?php
/** Renders one row. */
function row(array $r) { ?>
  <tr><td><?= $r['name'] ?></td></tr>
<?php }

class View {
    public function render(): string { return ''; }
    public function broken( {
}
