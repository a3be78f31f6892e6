paritysol 4;
0 0 2;
1 0;
2 0;
3 0 4;
4 0;
