// "Print this page": every .pw-print button prints the page it is on.
document.addEventListener("click", function (event) {
  if (event.target.closest && event.target.closest(".pw-print")) {
    window.print();
  }
});
