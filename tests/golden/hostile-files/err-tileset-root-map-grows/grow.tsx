<?xml version="1.0"?>
<map orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8">
 <tileset firstgid="1" tilecount="1"/><tileset firstgid="2"/><tileset firstgid="3"/><tileset firstgid="4"/><tileset firstgid="5"/>
 <layer name="x"><data encoding="csv">0,0,0,0</data></layer>
</map>
